import type { StaffClaim } from '@prize/generated/client';
import { SummaryList } from '../../../components/SummaryList/SummaryList';
import type { SummaryRow } from '../../../form/summary';
import { formatDateTime, formatPence, PRODUCT_LABELS } from '../../domain/labels';

const yesNo = (value: boolean | undefined) =>
  value === undefined ? 'Not given' : value ? 'Yes' : 'No';

// An answer that needs a second look reads differently from the usual one (not by colour alone).
const flagged = (value: boolean | undefined, unusual: boolean) =>
  value === unusual ? `${yesNo(value)} (check)` : yesNo(value);

const present = (rows: { name: string; value: string | undefined }[]): SummaryRow[] =>
  rows.filter((row): row is SummaryRow => row.value !== undefined && row.value !== '');

function claimantRows(claim: StaffClaim): SummaryRow[] {
  const person = claim.personalDetails;
  // Removed by retention or an erasure (docs/adr/022): the financial record stays.
  if (!person)
    return [
      {
        name: 'Personal details',
        value: `Removed ${formatDateTime(claim.dataRemoved?.personalDataRemovedAt ?? claim.submittedAt)}`,
      },
    ];
  const address = person.isOverseas
    ? 'Lives overseas (no address given)'
    : [person.addressLine1, person.addressLine2, person.town, person.county, person.postCode]
        .filter(Boolean)
        .join('\n');
  return present([
    { name: 'Name', value: `${person.title} ${person.firstName} ${person.lastName}` },
    { name: 'Owner of the ticket', value: flagged(person.isOwner, false) },
    { name: 'Date of birth', value: person.dateOfBirth },
    { name: 'Phone number', value: person.phoneNumber },
    { name: 'Address', value: address },
    { name: 'E-mail address', value: claim.email },
  ]);
}

export function ticketRows(claim: StaffClaim): SummaryRow[] {
  const ticket = claim.ticketDetails;
  return present([
    { name: 'Product', value: PRODUCT_LABELS[ticket.productType] },
    { name: 'Game', value: ticket.dbgGame },
    { name: 'Ticket type', value: ticket.dbgTicketType },
    { name: 'Ticket serial number', value: ticket.dbgTicketNumber },
    { name: 'Terminal number', value: ticket.dbgTermNumber },
    { name: 'Retailer number', value: ticket.dbgRetailerNumber },
    { name: 'Barcode number', value: ticket.scBarcodeNumber },
    { name: 'Serial number', value: ticket.scSerialNumber },
    { name: 'VIRN', value: ticket.scVirn },
    { name: 'Prize', value: formatPence(ticket.prizeAmountPence) },
    { name: 'Has the ticket', value: flagged(claim.claimDetails.isTicketInPossession, false) },
    { name: 'Ticket damaged', value: flagged(claim.claimDetails.isTicketDamaged, true) },
    { name: 'Lottery retailer', value: flagged(claim.claimDetails.isLotteryRetailer, true) },
    { name: 'Prefers a cheque', value: flagged(claim.claimDetails.isChequePreferred, true) },
  ]);
}

export function ClaimDetails({ claim }: { claim: StaffClaim }) {
  const check = claim.identityCheckResult;
  return (
    <>
      <section aria-labelledby="claimant-title">
        <h2 id="claimant-title">Claimant</h2>
        <SummaryList rows={claimantRows(claim)} />
      </section>
      <section aria-labelledby="identity-title">
        <h2 id="identity-title">Identity check</h2>
        <SummaryList
          rows={[
            {
              name: 'Result',
              value: check.idDocsRequired
                ? 'ID documents required'
                : 'Passed: no ID documents required',
            },
            { name: 'Checked', value: formatDateTime(check.checkedAt) },
            { name: 'Checked by', value: check.provider },
            { name: 'Checks made', value: String(claim.identityChecks.length) },
          ]}
        />
      </section>
    </>
  );
}
