import { normaliseTicketCode } from '@prize/domain';
import {
  changeStaffClaimStep,
  findClaimByTicketCode,
  getStaffClaim,
  type StaffClaim,
} from '@prize/generated/client';
import { isApiError } from '@prize/generated/transport/errors';
import { FORM_ERROR } from 'final-form';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../components/Button/Button';
import { TextField } from '../../components/TextField/TextField';
import { fieldIds } from '../../components/FieldShell/FieldShell';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { Banner } from '../components/Banner';
import { StaffForm } from '../components/StaffForm';
import { staffErrorMessage } from '../domain/errors';
import { formatDateTime, formatPence, STEP_LABELS } from '../domain/labels';
import { addScan, type Scan, todaysScans } from '../domain/todaysScans';
import { ticketCodeError, typedTicketCode } from '../domain/validation';
import { useStaffSession } from '../session';

export const NO_MATCH =
  'No claim has this ticket code. Check the code on the envelope and try again.';

const focusScanField = () => document.getElementById(fieldIds('ticketCode').input)?.focus();

// The post room works a pile of envelopes: scan (a USB scanner types the code and Enter) or type
// the code, see the claim, mark the ticket received, and the scan field is ready for the next.
export function TicketReceivedPage() {
  useDocumentTitle('Ticket received');
  const { csrf } = useStaffSession();
  const [found, setFound] = useState<{ claim: StaffClaim; ticketCode: string } | undefined>();
  const [scans, setScans] = useState<Scan[]>(() => todaysScans(sessionStorage));
  const [done, setDone] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [marking, setMarking] = useState(false);
  const foundRef = useRef<HTMLDivElement>(null);
  useEffect(focusScanField, []);
  useEffect(() => {
    if (found) foundRef.current?.focus();
  }, [found]);

  const markReceived = async () => {
    if (!found) return;
    setMarking(true);
    setError(undefined);
    try {
      await changeStaffClaimStep(
        found.claim.claimHashid,
        { from: 'ticket_requested', to: 'ticket_received' },
        csrf,
      );
      setScans(
        addScan(sessionStorage, {
          claimHashid: found.claim.claimHashid,
          ticketCode: found.ticketCode,
          at: new Date().toISOString(),
        }),
      );
      setDone(`Ticket ${found.ticketCode} (claim ${found.claim.reference}) is marked as received.`);
      setFound(undefined);
      setTimeout(focusScanField);
    } catch (failure) {
      setError(staffErrorMessage(failure));
    } finally {
      setMarking(false);
    }
  };

  const person = found?.claim.personalDetails;
  return (
    <>
      {done && (
        <Banner title="Success" variant="success" live>
          <p className="staff-banner__heading">{done}</p>
        </Banner>
      )}
      <h1>Ticket received</h1>
      <div className="narrow">
        <p className="lead">
          Scan the QR code from the envelope, or type the ticket code, to find its claim.
        </p>
        <StaffForm<{ ticketCode?: string }>
          submitLabel="Find the claim"
          validate={(values) => ({
            ticketCode: ticketCodeError(values.ticketCode),
          })}
          onSubmit={async (values, form) => {
            try {
              setDone(undefined);
              setError(undefined);
              const code = normaliseTicketCode(values.ticketCode ?? '') ?? '';
              const match = await findClaimByTicketCode(code);
              const claim = await getStaffClaim(match.data.claimHashid);
              setFound({ claim: claim.data, ticketCode: code });
              form.restart();
              return undefined;
            } catch (failure) {
              if (isApiError(failure) && failure.status === 404) return { ticketCode: NO_MATCH };
              return { [FORM_ERROR]: staffErrorMessage(failure) };
            }
          }}
        >
          <TextField
            name="ticketCode"
            label="Ticket code"
            hint="Like PC-7Q2M9XA4KD."
            width="medium"
            autoComplete="off"
            spellCheck={false}
            parse={typedTicketCode}
          />
        </StaffForm>
      </div>

      {found && person && (
        <section aria-labelledby="found-title" className="staff-found" tabIndex={-1} ref={foundRef}>
          <h2 id="found-title">
            Claim <span className="staff-reference">{found.claim.reference}</span>
          </h2>
          <dl className="staff-claim-header__facts">
            <div>
              <dt>Claimant</dt>
              <dd>
                {person.firstName} {person.lastName}
              </dd>
            </div>
            <div>
              <dt>Prize</dt>
              <dd>{formatPence(found.claim.ticketDetails.prizeAmountPence)}</dd>
            </div>
            <div>
              <dt>Step</dt>
              <dd>{STEP_LABELS[found.claim.step]}</dd>
            </div>
          </dl>
          {error && (
            <div className="error-banner" role="alert">
              <p className="error-banner__title">{error}</p>
            </div>
          )}
          {found.claim.allowedTransitions.includes('ticket_received') ? (
            <div className="button-group">
              <Button loading={marking} onClick={() => void markReceived()}>
                Mark ticket received
              </Button>
              <Button
                variant="secondary"
                onClick={() => {
                  setFound(undefined);
                  setTimeout(focusScanField);
                }}
              >
                Cancel
              </Button>
            </div>
          ) : (
            <p>
              This claim is not waiting for its ticket (
              {STEP_LABELS[found.claim.step].toLowerCase()}).{' '}
              <Link href={`/claims/${found.claim.claimHashid}`}>Open the claim</Link>
            </p>
          )}
        </section>
      )}

      <section aria-labelledby="scans-title">
        <h2 id="scans-title">Received today</h2>
        {scans.length === 0 ? (
          <p>No tickets marked as received today on this computer.</p>
        ) : (
          <table className="staff-table">
            <caption className="visually-hidden">
              Tickets marked as received today, newest first
            </caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Ticket code</th>
                <th scope="col">Claim</th>
              </tr>
            </thead>
            <tbody>
              {scans.map((scan) => (
                <tr key={`${scan.claimHashid}-${scan.at}`}>
                  <td>{formatDateTime(scan.at)}</td>
                  <td>{scan.ticketCode}</td>
                  <td>
                    <Link href={`/claims/${scan.claimHashid}`} className="staff-reference">
                      {scan.claimHashid}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
