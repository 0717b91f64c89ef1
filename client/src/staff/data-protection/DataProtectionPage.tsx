import {
  type DataSubjectClaim,
  useEraseClaimPersonalData,
  useSearchDataSubjectClaims,
} from '@prize/generated/client';
import { DataSubjectSearchRequestRules, ErasureRequestRules } from '@prize/generated/rules';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/Button/Button';
import { TextField } from '../../components/TextField/TextField';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { StaffForm } from '../components/StaffForm';
import { TextAreaField } from '../components/TextAreaField';
import { staffErrorMessage, submissionErrors } from '../domain/errors';
import { formatDateTime, formatPence, STEP_LABELS } from '../domain/labels';
import { ruleError } from '../domain/validation';
import { useStaffSession } from '../session';
import { downloadExport } from './downloadExport';

interface SearchValues {
  email?: string;
}

interface ErasureValues {
  reason?: string;
}

function whereItIs(claim: DataSubjectClaim): string {
  if (claim.step) return STEP_LABELS[claim.step];
  return claim.status === 'started' || claim.status === 'verified' ? 'Not submitted' : 'Expired';
}

// A claimant's rights (UK GDPR): find every claim for an e-mail address, download them as one
// archive, and erase a closed claim's personal data with a reason. Everything is audited.
export function DataProtectionPage() {
  useDocumentTitle('Data protection requests');
  const { csrf } = useStaffSession();
  const search = useSearchDataSubjectClaims({ request: csrf });
  const erase = useEraseClaimPersonalData({ request: csrf });
  const [email, setEmail] = useState<string | undefined>();
  const [claims, setClaims] = useState<DataSubjectClaim[] | undefined>();
  const [erasing, setErasing] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [downloading, setDownloading] = useState(false);
  const noticeRef = useRef<HTMLDivElement>(null);
  const resultsRef = useRef<HTMLHeadingElement>(null);
  const erasureRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (notice !== undefined) noticeRef.current?.focus();
  }, [notice]);
  useEffect(() => {
    if (erasing !== undefined) erasureRef.current?.focus();
  }, [erasing]);

  const find = async (address: string) => {
    const found = await search.mutateAsync({ data: { email: address } });
    setEmail(address);
    setClaims(found.data.items);
  };

  return (
    <>
      <h1>Data protection requests</h1>
      <p>
        Find every claim made with a claimant&apos;s e-mail address, download what we hold as one
        archive, or erase the personal data of a claim that is paid or rejected. Each search,
        download and erasure is recorded with your name.
      </p>
      {notice !== undefined && (
        <div className="staff-notice" role="status" tabIndex={-1} ref={noticeRef}>
          {notice}
        </div>
      )}
      {error !== undefined && (
        <div className="error-banner" role="alert">
          <p className="error-banner__title">{error}</p>
        </div>
      )}
      <section aria-labelledby="search-title" className="narrow">
        <h2 id="search-title">Find claims</h2>
        <StaffForm<SearchValues>
          label="Find claims"
          submitLabel="Find claims"
          validate={(values) => ({
            email: ruleError(DataSubjectSearchRequestRules.email, values.email?.trim()),
          })}
          onSubmit={async (values) => {
            setNotice(undefined);
            setError(undefined);
            setErasing(undefined);
            try {
              await find(values.email?.trim() ?? '');
              resultsRef.current?.focus();
              return undefined;
            } catch (failure) {
              return submissionErrors(failure);
            }
          }}
        >
          <TextField
            name="email"
            label="Claimant's e-mail address"
            type="email"
            autoComplete="off"
            spellCheck={false}
          />
        </StaffForm>
      </section>
      {claims !== undefined && email !== undefined && (
        <section aria-labelledby="results-title">
          <h2 id="results-title" tabIndex={-1} ref={resultsRef}>
            {claims.length === 1 ? '1 claim' : `${claims.length} claims`} for {email}
          </h2>
          {claims.length > 0 && (
            <>
              <div className="staff-table-wrap">
                <table className="staff-table">
                  <caption className="visually-hidden">Claims for {email}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Reference</th>
                      <th scope="col">Where it is</th>
                      <th scope="col">Started</th>
                      <th scope="col">Prize</th>
                      <th scope="col">Personal data</th>
                    </tr>
                  </thead>
                  <tbody>
                    {claims.map((claim, index) => (
                      <tr key={claim.reference ?? `unsubmitted-${index}`}>
                        <th scope="row">{claim.reference ?? 'No reference yet'}</th>
                        <td>{whereItIs(claim)}</td>
                        <td>{formatDateTime(claim.createdAt)}</td>
                        <td>
                          {claim.prizeAmountPence === undefined
                            ? '—'
                            : formatPence(claim.prizeAmountPence)}
                        </td>
                        <td>
                          {claim.erasable && claim.reference ? (
                            <Button
                              variant="secondary"
                              className="button--small"
                              onClick={() => {
                                setNotice(undefined);
                                setErasing(claim.reference);
                              }}
                            >
                              Erase personal data
                              <span className="visually-hidden"> of claim {claim.reference}</span>
                            </Button>
                          ) : (
                            'Kept while the claim is in the process'
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Button
                variant="secondary"
                loading={downloading}
                onClick={async () => {
                  setError(undefined);
                  setDownloading(true);
                  try {
                    await downloadExport(email, csrf.headers);
                    setNotice(
                      `The archive of ${claims.length === 1 ? 'the claim' : 'the claims'} for ${email} has been downloaded.`,
                    );
                  } catch (failure) {
                    setError(staffErrorMessage(failure));
                  } finally {
                    setDownloading(false);
                  }
                }}
              >
                Download all as one archive
              </Button>
            </>
          )}
        </section>
      )}
      {erasing !== undefined && (
        <section aria-labelledby="erase-title" className="narrow">
          <h2 id="erase-title" tabIndex={-1} ref={erasureRef}>
            Erase the personal data of claim {erasing}
          </h2>
          <div className="notification notification--warning">
            <p>
              This deletes the claimant&apos;s e-mail address, personal details, ID documents and
              ticket images for good. The reference, prize amount, dates and steps are kept.
            </p>
          </div>
          <StaffForm<ErasureValues>
            key={erasing}
            label={`Erase the personal data of claim ${erasing}`}
            submitLabel="Erase personal data"
            submitVariant="warning"
            validate={(values) => ({
              reason: ruleError(ErasureRequestRules.reason, values.reason?.trim()),
            })}
            onSubmit={async (values) => {
              try {
                await erase.mutateAsync({
                  claimHashid: erasing,
                  data: { reason: values.reason?.trim() ?? '' },
                });
                setErasing(undefined);
                setNotice(`The personal data of claim ${erasing} has been erased.`);
                await find(email ?? '');
                return undefined;
              } catch (failure) {
                return submissionErrors(failure);
              }
            }}
          >
            <TextAreaField
              name="reason"
              label="Reason for the erasure"
              hint="For example: the claimant's request and the date it was received."
            />
          </StaffForm>
        </section>
      )}
    </>
  );
}
