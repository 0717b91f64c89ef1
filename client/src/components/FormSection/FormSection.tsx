import { type CSSProperties, type ReactNode, useRef } from 'react';
import type { SectionStatus } from '../../form/sections';
import { COLLAPSE_ANIMATION_MS, useCollapseAnimation } from './useCollapseAnimation';

export interface FormSectionProps {
  id: string;
  number: number;
  title: string;
  status: SectionStatus;
  // Shown when the section is collapsed, above the Edit button.
  summary?: ReactNode;
  onEdit?: () => void;
  children?: ReactNode;
  // How long the collapse (and the opening) animates, in ms; 0 for none.
  collapseMs?: number;
}

export function sectionTitleId(id: string): string {
  return `section-${id}-title`;
}

// A numbered section: grey title when locked, blue header when open, summary and Edit when
// completed; collapsing animates its height (useCollapseAnimation).
export function FormSection({
  id,
  number,
  title,
  status,
  summary,
  onEdit,
  children,
  collapseMs = COLLAPSE_ANIMATION_MS,
}: FormSectionProps) {
  const titleId = sectionTitleId(id);
  const sectionRef = useRef<HTMLElement>(null);
  useCollapseAnimation(sectionRef, status, collapseMs);
  return (
    <section
      ref={sectionRef}
      className={`form-section form-section--${status}`}
      aria-labelledby={titleId}
      id={`section-${id}`}
      style={{ '--section-animation-ms': `${collapseMs}ms` } as CSSProperties}
    >
      <div className="form-section__header">
        <h2 className="form-section__title" id={titleId} tabIndex={-1}>
          <span className="form-section__number">{number}</span>
          <span className="form-section__name">{title}</span>
          {status === 'locked' && (
            <span className="visually-hidden"> (complete the sections above first)</span>
          )}
          {status === 'collapsed' && <span className="visually-hidden"> (completed)</span>}
        </h2>
        {status === 'collapsed' && onEdit && (
          <button
            type="button"
            className="button button--secondary button--small form-section__edit"
            onClick={onEdit}
          >
            <span className="button__text">
              Edit<span className="visually-hidden"> {title.toLowerCase()}</span>
            </span>
          </button>
        )}
      </div>
      {status === 'collapsed' && (
        <div className="form-section__body form-section__body--summary">{summary}</div>
      )}
      {status === 'open' && <div className="form-section__body">{children}</div>}
    </section>
  );
}
