import { describe, expect, it } from 'vitest';
import { timelineDetailText, timelineText } from './timeline.ts';

const ADA = 'Ada Advisor';

describe('the timeline in words', () => {
  // Every event the product records: the claim's own trail (claim.repository, retention,
  // info-request and operator services) and the staff audit of the claim-process service.
  it.each([
    [{ event: 'claim.started' }, 'Claim started'],
    [{ event: 'claim.verified' }, 'E-mail address verified'],
    [{ event: 'identity.checked' }, 'Identity checked'],
    [{ event: 'file.uploaded.ticketFront' }, 'Ticket front uploaded'],
    [{ event: 'file.uploaded.ticketBack' }, 'Ticket back uploaded'],
    [{ event: 'file.uploaded.idDocument1' }, 'ID document 1 uploaded'],
    [{ event: 'file.uploaded.idDocument2' }, 'ID document 2 uploaded'],
    [{ event: 'claim.submitted' }, 'Claim submitted'],
    [{ event: 'claim.purged' }, 'Personal data deleted'],
    [{ event: 'file.viewed' }, 'Image viewed through the operator API'],
    [{ event: 'info_request.created' }, 'Information requested'],
    [{ event: 'info_request.opened' }, 'Information request opened by the claimant'],
    [{ event: 'info_request.identity_checked' }, 'Information request: identity checked'],
    [
      { event: 'info_request.file.uploaded.idDocument1' },
      'ID document 1 uploaded in answer to an information request',
    ],
    [{ event: 'info_request.submitted' }, 'Information sent by the claimant'],
    [{ event: 'claim.viewed', staffName: ADA }, 'Claim details viewed by Ada Advisor'],
    [
      { event: 'claim.file_viewed', staffName: ADA, detail: 'Ticket front' },
      'Ticket front image viewed by Ada Advisor',
    ],
    [{ event: 'claim.file_viewed', staffName: ADA }, 'Image viewed by Ada Advisor'],
    [
      { event: 'claim.step_changed', staffName: ADA, detail: 'Reviewed → Ticket requested' },
      'Step changed by Ada Advisor: Reviewed → Ticket requested',
    ],
    [
      {
        event: 'claim.step_changed',
        staffName: ADA,
        detail: 'Reviewed → Rejected. Reason: Not a winning ticket.',
      },
      'Step changed by Ada Advisor: Reviewed → Rejected. Reason: Not a winning ticket.',
    ],
    [
      { event: 'claim.info_requested', staffName: ADA, detail: 'Personal details, ID documents' },
      'Information requested by Ada Advisor: Personal details, ID documents',
    ],
    [{ event: 'claim.ticket_code_lookup', staffName: ADA }, 'Found by ticket code by Ada Advisor'],
    [{ event: 'claim.assigned', staffName: ADA }, 'Assigned by Ada Advisor'],
    [{ event: 'claim.unassigned', staffName: ADA }, 'Unassigned by Ada Advisor'],
    [{ event: 'claim.note_added', staffName: ADA }, 'Note added by Ada Advisor'],
    [
      { event: 'claim.exported', staffName: ADA },
      'Claim exported for a data subject request by Ada Advisor',
    ],
    [
      { event: 'claim.personal_data_erased', staffName: ADA, detail: 'Asked by the claimant.' },
      'Personal data erased on request by Ada Advisor: Asked by the claimant.',
    ],
    [
      { event: 'retention.id_documents_deleted' },
      'ID document images deleted (retention period ended)',
    ],
    [
      { event: 'retention.ticket_images_deleted' },
      'Ticket images deleted (retention period ended)',
    ],
    [
      { event: 'retention.personal_data_anonymised' },
      'Personal details anonymised (retention period ended)',
    ],
  ])('when the event is %o, then staff read "%s"', (entry, words) => {
    expect(timelineText(entry)).toBe(words);
  });

  it('when an event has no words yet, then its key is worded, never shown raw', () => {
    expect(timelineText({ event: 'claim.escalated', staffName: ADA })).toBe(
      'Claim escalated by Ada Advisor',
    );
  });

  it('when a staff action stored a detail, then it is worded and ids are never shown', () => {
    expect(timelineDetailText({ from: 'submitted', to: 'reviewed' })).toBe('Submitted → Reviewed');
    expect(timelineDetailText({ from: 'reviewed', to: 'rejected', reason: 'Torn.' })).toBe(
      'Reviewed → Rejected. Reason: Torn.',
    );
    expect(
      timelineDetailText({
        fileUuid: '6f1c2a4e-8a0b-4c7d-9e2f-0123456789ab',
        fileType: 'idDocument2',
      }),
    ).toBe('ID document 2');
    expect(
      timelineDetailText({ fileUuid: '6f1c2a4e-8a0b-4c7d-9e2f-0123456789ab' }),
    ).toBeUndefined();
    expect(
      timelineDetailText({
        infoRequestUuid: '6f1c2a4e-8a0b-4c7d-9e2f-0123456789ab',
        sectionTypeList: ['PERSONAL_DETAILS', 'SC_IMAGES'],
      }),
    ).toBe('Personal details, Scratchcard images');
  });
});
