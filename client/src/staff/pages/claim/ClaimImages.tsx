import type { StaffClaim } from '@prize/generated/client';
import { useState } from 'react';
import { Button } from '../../../components/Button/Button';
import { FILE_LABELS, formatDateTime } from '../../domain/labels';
import { PreviewImage } from './PreviewImage';

// The images load only when asked for: every view of one is recorded on the timeline. They are
// the server's re-encoded previews, never the uploaded bytes.
export function ClaimImages({ claim }: { claim: StaffClaim }) {
  const [shown, setShown] = useState(false);
  // The ticket's own images are shown with its details (TicketEvidence).
  const files = claim.files.filter(
    (file) => file.type !== 'ticketFront' && file.type !== 'ticketBack',
  );
  return (
    <section aria-labelledby="images-title">
      <h2 id="images-title">ID documents</h2>
      {files.length === 0 ? (
        <p>No ID documents were uploaded.</p>
      ) : !shown ? (
        <>
          <p>
            {files.length} {files.length === 1 ? 'image' : 'images'}. Opening them is recorded on
            the timeline.
          </p>
          <Button variant="secondary" onClick={() => setShown(true)}>
            Show images
          </Button>
        </>
      ) : (
        <ul className="staff-images">
          {files.map((file) => (
            <li key={file.uuid} className="staff-images__item">
              <figure className="staff-images__figure">
                <PreviewImage
                  claimHashid={claim.claimHashid}
                  uuid={file.uuid}
                  alt={`${FILE_LABELS[file.type]} (${file.originalName})`}
                />
                <figcaption>
                  {FILE_LABELS[file.type]}, uploaded {formatDateTime(file.createdAt)}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
