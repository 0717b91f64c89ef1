import { FORM_ERROR } from 'final-form';
import type { Ref } from 'react';
import { useFormState } from 'react-final-form';
import { fieldIds } from '../../components/FieldShell/FieldShell';

export interface StaffErrorSummaryProps {
  summaryRef?: Ref<HTMLDivElement>;
}

interface Problem {
  field?: string;
  message: string;
}

function problemsOf(
  errors: Record<string, unknown> | undefined,
  submitErrors: Record<string, unknown> | undefined,
  submitError: unknown,
): Problem[] {
  const problems: Problem[] = [];
  if (typeof submitError === 'string') problems.push({ message: submitError });
  const fields = { ...submitErrors, ...errors };
  for (const [field, message] of Object.entries(fields)) {
    if (field !== FORM_ERROR && typeof message === 'string') problems.push({ field, message });
  }
  return problems;
}

// The form's problems after a failed submit, each linked to its field (GOV.UK error summary,
// with the claimant banner's look). The form moves focus here (StaffForm).
export function StaffErrorSummary({ summaryRef }: StaffErrorSummaryProps) {
  const { submitFailed, errors, submitErrors, submitError } = useFormState({
    subscription: { submitFailed: true, errors: true, submitErrors: true, submitError: true },
  });
  const problems = submitFailed ? problemsOf(errors, submitErrors, submitError) : [];
  return (
    <div className="error-banner-slot">
      {problems.length > 0 && (
        <div
          className="error-banner"
          ref={summaryRef}
          tabIndex={-1}
          aria-labelledby="staff-error-summary-title"
        >
          <h2 className="error-banner__title" id="staff-error-summary-title">
            There is a problem
          </h2>
          <ul className="error-banner__list">
            {problems.map((problem) => (
              <li key={problem.field ?? 'form'}>
                {problem.field === undefined ? (
                  problem.message
                ) : (
                  <a
                    href={`#${fieldIds(problem.field).input}`}
                    onClick={(event) => {
                      const input = document.getElementById(fieldIds(problem.field ?? '').input);
                      if (!input) return;
                      event.preventDefault();
                      input.focus();
                    }}
                  >
                    {problem.message}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
