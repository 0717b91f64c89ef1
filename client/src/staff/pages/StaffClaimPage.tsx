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
import { Banner } from '../components/Banner';
import { formatDateTime } from '../domain/labels';
import { useStaffSession } from '../session';
import { AskForInformation } from './claim/AskForInformation';
import { ClaimHeader } from './claim/ClaimHeader';
import { Notes } from './claim/Notes';
import { TicketEvidence } from './claim/TicketEvidence';
import { StepTag } from './StepTag';
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
    ...(claim.rejectionReason
      ? [{ name: 'Reason for rejecting', value: claim.rejectionReason }]
      : []),
    { name: 'Submitted', value: formatDateTime(claim.submittedAt) },
    ...(claim.ticketCode ? [{ name: 'Ticket code', value: claim.ticketCode }] : []),
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
  const closed = claim.step === 'paid' || claim.step === 'rejected';
  const replace = (changed: StaffClaim, text: string) => {
    queryClient.setQueryData(getGetStaffClaimQueryKey(claimHashid), (previous) =>
      previous ? { ...previous, data: changed } : previous,
    );
    void queryClient.invalidateQueries({ queryKey: getListStaffClaimsQueryKey().slice(0, 1) });
    show(text);
  };
  return (
    <>
      <p>
        <Link href="/claims" className="staff-back">
          Back to the claims queue
        </Link>
      </p>
      {notice && (
        <Banner title="Success" variant="success" live bannerRef={noticeRef} key={notice.count}>
          <p className="staff-banner__heading">{notice.text}</p>
        </Banner>
      )}
      {claim.status === 'info_requested' && (
        <Banner title="Important" variant="important">
          <p className="staff-banner__heading">Waiting for the claimant to send information</p>
          <p>
            An information request is open. Steps that need the answer are not offered until the
            claimant sends it.
          </p>
        </Banner>
      )}
      <h1 className="staff-claim-title">
        Claim <span className="staff-reference">{claim.reference}</span>{' '}
        <StepTag step={claim.step} waitingOn={claim.waitingOn} />
      </h1>
      <ClaimHeader claim={claim} onChanged={replace} />
      <TicketEvidence claim={claim} />
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
      {(roles.includes('claims_advisor') || roles.includes('customer_care')) && !closed && (
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
      <Notes claim={claim} onAdded={replace} />
      <InfoRequests claim={claim} />
      <Timeline entries={claim.timeline} />
    </>
  );
}
