import {
  type StaffClaim,
  useAssignStaffClaimToMe,
  useUnassignStaffClaim,
} from '@prize/generated/client';
import { Button } from '../../../components/Button/Button';
import { formatPence, formatWaiting, PRODUCT_LABELS } from '../../domain/labels';
import { useStaffSession } from '../../session';

// What needs a second look, as tags: damaged, overseas, cheque, not the owner.
export function warningTags(claim: StaffClaim): string[] {
  return [
    claim.claimDetails.isTicketDamaged && 'Ticket damaged',
    claim.personalDetails?.isOverseas && 'Lives overseas',
    claim.claimDetails.isChequePreferred && 'Wants a cheque',
    claim.personalDetails?.isOwner === false && 'Not the ticket owner',
    claim.claimDetails.isLotteryRetailer && 'Lottery retailer',
  ].filter((tag): tag is string => Boolean(tag));
}

export interface ClaimHeaderProps {
  claim: StaffClaim;
  onChanged: (claim: StaffClaim, notice: string) => void;
}

// The claim at a glance: who, what prize, which ticket, how long it has waited, the identity
// check and anything unusual; and who is working it.
export function ClaimHeader({ claim, onChanged }: ClaimHeaderProps) {
  const { session, csrf } = useStaffSession();
  const assign = useAssignStaffClaimToMe({ request: csrf });
  const unassign = useUnassignStaffClaim({ request: csrf });
  const person = claim.personalDetails;
  const ticket = claim.ticketDetails;
  const tags = warningTags(claim);
  const mine = claim.assignedTo?.staffId === session.staff.id;
  return (
    <div className="staff-claim-header">
      <p className="staff-claim-header__name">
        {/* Anonymised by retention or an erasure (docs/adr/022): the claim is its reference. */}
        {person ? `${person.firstName} ${person.lastName}` : 'Personal details removed'}
      </p>
      <dl className="staff-claim-header__facts">
        <div>
          <dt>Prize</dt>
          <dd className="staff-claim-header__prize">{formatPence(ticket.prizeAmountPence)}</dd>
        </div>
        <div>
          <dt>Ticket</dt>
          <dd>
            {ticket.dbgGame
              ? `${ticket.dbgGame}${ticket.dbgTicketType ? `, ${ticket.dbgTicketType.toLowerCase()} ticket` : ''}`
              : PRODUCT_LABELS[ticket.productType]}
          </dd>
        </div>
        <div>
          <dt>Waiting</dt>
          <dd>
            {formatWaiting(claim.submittedAt)} since submission
            {claim.stepSince && claim.stepSince !== claim.submittedAt
              ? `, ${formatWaiting(claim.stepSince)} at this step`
              : ''}
          </dd>
        </div>
        <div>
          <dt>Identity check</dt>
          <dd>
            {claim.identityCheckResult.idDocsRequired
              ? 'Not confirmed: ID documents required'
              : 'Passed'}
          </dd>
        </div>
        <div>
          <dt>Assigned to</dt>
          <dd>{claim.assignedTo ? (mine ? 'You' : claim.assignedTo.name) : 'Nobody'}</dd>
        </div>
      </dl>
      {tags.length > 0 && (
        <ul className="staff-warnings" aria-label="Warnings">
          {tags.map((tag) => (
            <li key={tag} className="staff-tag staff-tag--warning">
              {tag}
            </li>
          ))}
        </ul>
      )}
      <div className="button-group staff-claim-header__actions">
        {!mine && (
          <Button
            variant="secondary"
            className="button--small"
            loading={assign.isPending}
            onClick={() =>
              void assign
                .mutateAsync({ claimHashid: claim.claimHashid })
                .then((response) => onChanged(response.data, 'The claim is assigned to you.'))
            }
          >
            Assign to me
          </Button>
        )}
        {claim.assignedTo && (
          <Button
            variant="secondary"
            className="button--small"
            loading={unassign.isPending}
            onClick={() =>
              void unassign
                .mutateAsync({ claimHashid: claim.claimHashid })
                .then((response) =>
                  onChanged(response.data, 'Nobody is assigned to the claim now.'),
                )
            }
          >
            Unassign
          </Button>
        )}
      </div>
    </div>
  );
}
