import type { StaffClaim } from '@prize/generated/client';
import { SummaryList } from '../../../components/SummaryList/SummaryList';
import { FILE_LABELS } from '../../domain/labels';
import { ticketRows } from './ClaimDetails';
import { PreviewImage } from './PreviewImage';

// The ticket's images beside what the claimant says about it: the evidence a decision rests on,
// before the buttons that decide. Each image view is recorded on the timeline.
export function TicketEvidence({ claim }: { claim: StaffClaim }) {
  const images = claim.files.filter(
    (file) => file.type === 'ticketFront' || file.type === 'ticketBack',
  );
  return (
    <section aria-labelledby="ticket-title" className="staff-evidence">
      <h2 id="ticket-title" className="visually-hidden">
        Ticket and claim
      </h2>
      <div className="staff-evidence__images">
        {images.length === 0 ? (
          <p>No ticket images were uploaded.</p>
        ) : (
          images.map((file) => (
            <figure key={file.uuid} className="staff-images__figure">
              <PreviewImage
                claimHashid={claim.claimHashid}
                uuid={file.uuid}
                alt={`${FILE_LABELS[file.type]} (${file.originalName})`}
              />
              <figcaption>{FILE_LABELS[file.type]}</figcaption>
            </figure>
          ))
        )}
      </div>
      <div className="staff-evidence__details">
        <SummaryList rows={ticketRows(claim)} />
      </div>
    </section>
  );
}
