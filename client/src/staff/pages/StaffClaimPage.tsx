import {
  getGetStaffClaimQueryKey,
  getListStaffClaimsQueryKey,
  type StaffClaim,
  useGetStaffClaim,
} from '@prize/generated/client';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { ResultPanel } from '../../components/ResultPanel/ResultPanel';
import { SummaryList } from '../../components/SummaryList/SummaryList';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { staffErrorMessage } from '../domain/errors';
import { formatDateTime, STEP_LABELS } from '../domain/labels';
import { useStaffSession } from '../session';
import { AskForInformation } from './claim/AskForInformation';
import { ClaimDetails } from './claim/ClaimDetails';
import { ClaimImages } from './claim/ClaimImages';
import { InfoRequests } from './claim/InfoRequests';
import { StepActions } from './claim/StepActions';
import { Timeline } from './claim/Timeline';

export interface StaffClaimPageProps {
  claimHashid: string;
}

function overviewRows(claim: StaffClaim) {
  return [
    { name: 'Step', value: STEP_LABELS[claim.step] },
    ...(claim.rejectionReason
      ? [{ name: 'Reason for rejecting', value: claim.rejectionReason }]
      : []),
    { name: 'Claim ID', value: claim.claimHashid },
    { name: 'Submitted', value: formatDateTime(claim.submittedAt) },
    ...(claim.ticketCode ? [{ name: 'Ticket code', value: claim.ticketCode }] : []),
    { name: 'ID documents', value: claim.idDocsRequired ? 'Required' : 'Not required' },
  ];
}

// One claim: where it is, what the claimant sent, what staff can do next, and everything that
// happened to it.
export function StaffClaimPage({ claimHashid }: StaffClaimPageProps) {
  const { session } = useStaffSession();
  const queryClient = useQueryClient();
  const query = useGetStaffClaim(claimHashid, { query: { retry: false } });
  const claim = query.data?.data;
  const [notice, setNotice] = useState<{ text: string; count: number } | undefined>();
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  useDocumentTitle(claim ? `Claim ${claim.reference}` : 'Claim');

  const show = (text: string) =>
    setNotice((previous) => ({ text, count: (previous?.count ?? 0) + 1 }));
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: getGetStaffClaimQueryKey(claimHashid) });
    void queryClient.invalidateQueries({ queryKey: getListStaffClaimsQueryKey().slice(0, 1) });
  };

  if (query.isError) {
    return (
      <ResultPanel variant="error" title={staffErrorMessage(query.error)}>
        <p>
          <Link href="/claims">Back to the claims queue</Link>
        </p>
      </ResultPanel>
    );
  }
  if (!claim) {
    return (
      <p role="status" className="page-loading">
        Loading the claim…
      </p>
    );
  }

  const roles = session.staff.roles;
  return (
    <>
      <p>
        <Link href="/claims" className="staff-back">
          Back to the claims queue
        </Link>
      </p>
      <h1>
        Claim {claim.reference}{' '}
        <span className={`staff-step staff-step--${claim.step}`}>{STEP_LABELS[claim.step]}</span>
      </h1>
      {notice && (
        <div
          className="staff-notice"
          role="status"
          tabIndex={-1}
          ref={noticeRef}
          key={notice.count}
        >
          {notice.text}
        </div>
      )}
      <SummaryList rows={overviewRows(claim)} />
      <StepActions
        claim={claim}
        onChanged={async (changed, text) => {
          const key = getGetStaffClaimQueryKey(claimHashid);
          // A refetch still in flight holds the claim as it was before this change; cancelled
          // first, its late answer cannot overwrite the one the change returned.
          await queryClient.cancelQueries({ queryKey: key });
          queryClient.setQueryData(key, (previous) =>
            previous ? { ...previous, data: changed } : previous,
          );
          void queryClient.invalidateQueries({
            queryKey: getListStaffClaimsQueryKey().slice(0, 1),
          });
          show(text);
        }}
        onStale={refresh}
      />
      {(roles.includes('claims_advisor') || roles.includes('customer_care')) && (
        <AskForInformation
          claim={claim}
          onSent={(text) => {
            refresh();
            show(text);
          }}
        />
      )}
      <ClaimDetails claim={claim} />
      <ClaimImages claim={claim} />
      <InfoRequests claim={claim} />
      <Timeline entries={claim.timeline} />
    </>
  );
}
