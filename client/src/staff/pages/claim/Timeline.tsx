import { timelineText } from '@prize/domain';
import type { TimelineEntry } from '@prize/generated/client';
import { formatDateTime } from '../../domain/labels';

// Everything that happened to the claim, oldest first, in words (@prize/domain's timeline),
// with who did it when staff did.
export function Timeline({ entries }: { entries: readonly TimelineEntry[] }) {
  return (
    <section aria-labelledby="timeline-title">
      <h2 id="timeline-title">Timeline</h2>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region takes focus so the keyboard can scroll it */}
      <div className="staff-table-wrap" tabIndex={0} role="region" aria-label="Timeline table">
        <table className="staff-table staff-timeline">
          <caption className="visually-hidden">Timeline, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">What</th>
              <th scope="col">Who</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry, index) => (
              <tr key={`${entry.at}-${index}`}>
                <td>
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                </td>
                <td>{timelineText(entry)}</td>
                <td>{entry.staffName ?? 'Claimant or system'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
