import { useEffect, type RefObject } from 'react';
import { bannerErrors } from '../form/bannerErrors';
import type { SectionId } from '../form/sections';
import { validationErrors } from '../state/validationErrors';
import { formFor, type SectionForms } from './sectionTypes';

// What the page hears from the section forms: the error banner counts the errors each
// section's fields show, and any change to the answers restarts the inactivity timer.
export function useSectionSubscriptions<Id extends SectionId>(
  forms: SectionForms<Id>,
  ids: readonly Id[],
  onActivity: RefObject<() => void>,
): void {
  useEffect(() => {
    const unsubscribes = ids.map((id) =>
      formFor(forms, id).subscribe((state) => validationErrors.set(id, bannerErrors(state)), {
        submitFailed: true,
        errors: true,
        submitErrors: true,
        touched: true,
        dirtyFieldsSinceLastSubmit: true,
      }),
    );
    return () => {
      for (const unsubscribe of unsubscribes) unsubscribe();
      validationErrors.clear();
    };
    // The ids a flow was made with do not change (useSectionForms made a form for each).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [forms]);

  useEffect(() => {
    const unsubscribes = ids.map((id) => {
      // final-form calls a new subscriber at once with the answers as they are: not a change.
      let subscribed = false;
      const unsubscribe = formFor(forms, id).subscribe(
        () => {
          if (subscribed) onActivity.current();
        },
        { values: true },
      );
      subscribed = true;
      return unsubscribe;
    });
    return () => {
      for (const unsubscribe of unsubscribes) unsubscribe();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [forms]);
}
