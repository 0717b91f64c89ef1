import { type StaffClaim } from '@prize/generated/client';
import { FILE_LABELS, formatDateTime, SECTION_LABELS } from '../../domain/labels';

type InfoRequestEntry = StaffClaim['infoRequests'][number];

function status(request: InfoRequestEntry, now: Date): string {
  if (request.submittedAt !== undefined) return `Answered ${formatDateTime(request.submittedAt)}`;
  if (new Date(request.expiresAt) < now)
    return `Expired unanswered ${formatDateTime(request.expiresAt)}`;
  return `Waiting for the claimant until ${formatDateTime(request.expiresAt)}`;
}

// The claimant's answer: which files and identity check it brought (the images section shows them).
function answer(request: InfoRequestEntry, claim: StaffClaim): string[] {
  const submission = request.submission;
  if (!submission) return [];
  const lines: string[] = [];
  if (submission.identityCheckUuid !== undefined)
    lines.push(
      `New personal details sent${submission.idDocsRequired ? ' (ID documents required)' : ''}`,
    );
  const fileUuids = [
    submission.ticketFrontFileUuid,
    submission.ticketBackFileUuid,
    submission.idDocument1FileUuid,
    submission.idDocument2FileUuid,
  ].filter((uuid): uuid is string => uuid !== undefined);
  for (const uuid of fileUuids) {
    const file = claim.files.find((candidate) => candidate.uuid === uuid);
    lines.push(
      file ? `${FILE_LABELS[file.type]} uploaded (${file.originalName})` : 'An image uploaded',
    );
  }
  return lines;
}

export function InfoRequests({ claim }: { claim: StaffClaim }) {
  const now = new Date();
  return (
    <section aria-labelledby="info-requests-title">
      <h2 id="info-requests-title">Information requests</h2>
      {claim.infoRequests.length === 0 ? (
        <p>No information has been requested.</p>
      ) : (
        <ol className="staff-info-requests">
          {claim.infoRequests.map((request) => (
            <li key={request.uuid} className="staff-info-requests__item">
              <p>
                <strong>Requested {formatDateTime(request.createdAt)}:</strong>{' '}
                {request.sectionTypeList.map((section) => SECTION_LABELS[section]).join(', ')}
              </p>
              <p>{status(request, now)}</p>
              {answer(request, claim).length > 0 && (
                <ul>
                  {answer(request, claim).map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
