import type { SummaryRow } from '../../form/summary';

export interface SummaryListProps {
  rows: readonly SummaryRow[];
  // Clears an uploaded file; without it file rows have no Remove button.
  onRemoveFile?: (field: string) => void;
}

export function SummaryList({ rows, onRemoveFile }: SummaryListProps) {
  return (
    <dl className="summary-list">
      {rows.map((row) => (
        <div className="summary-list__row" key={row.name}>
          <dt className="summary-list__name">{row.name}</dt>
          <dd className="summary-list__value">
            {row.value.split('\n').map((line, index) => (
              <span className="summary-list__line" key={index}>
                {line}
              </span>
            ))}
          </dd>
          {row.file !== undefined && onRemoveFile && (
            <dd className="summary-list__actions">
              <button
                type="button"
                className="link-button"
                onClick={() => onRemoveFile(row.file as string)}
              >
                Remove<span className="visually-hidden"> {row.name.toLowerCase()}</span>
              </button>
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
}
