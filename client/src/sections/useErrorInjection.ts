import type { SubmissionErrors } from 'final-form';
import { useEffect, useRef, useState } from 'react';
import type { SectionId } from '../form/sections';
import type { SectionErrors } from '../form/serverErrors';
import { formFor, type AnyValues, type SectionForms } from './sectionTypes';

// Errors for sections other than the one submitted (the server's, or "finish this section
// first"): each such section is submitted once more, and its submit answers with the waiting
// errors, so they show through react-final-form's submission errors like its own; then the
// banner takes focus.
export function useErrorInjection<Id extends SectionId>(
  forms: SectionForms<Id>,
  validate: (id: Id, values: AnyValues) => Record<string, unknown>,
  focusBanner: () => void,
) {
  const [injecting, setInjecting] = useState<Id[]>([]);
  const waiting = useRef<SectionErrors>({});

  useEffect(() => {
    if (injecting.length === 0) return;
    let cancelled = false;
    void (async () => {
      for (const id of injecting) {
        const form = formFor(forms, id);
        form.setConfig('validate', (values: AnyValues) => validate(id, values));
        await form.submit();
        delete waiting.current[id];
      }
      if (!cancelled) {
        setInjecting([]);
        focusBanner();
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [injecting, forms, validate, focusBanner]);

  return {
    // Submits these sections again: with their waiting errors, or their own validation.
    resubmit: (ids: Id[], errors: SectionErrors = {}) => {
      for (const id of ids) if (errors[id] !== undefined) waiting.current[id] = errors[id];
      setInjecting(ids);
    },
    // The errors waiting for a section's submit, taken once.
    take: (id: Id): SubmissionErrors | undefined => {
      const pending = waiting.current[id];
      delete waiting.current[id];
      return pending;
    },
  };
}
