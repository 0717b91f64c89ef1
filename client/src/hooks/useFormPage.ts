import { useDraftKeepAlive } from '../sections/useDraftKeepAlive';
import { useDocumentTitle } from './useDocumentTitle';
import { useFocusOnChange } from './useFocusOnChange';
import { useFormLifetime, type FormLifetime } from './useFormLifetime';

export interface FormPageOptions {
  // The form's inactivity minutes (the server's figure once loaded).
  minutes: number;
  // Whether the form is on screen: the inactivity timer runs only then.
  formShown: boolean;
  // Loads the saved draft again, which restarts its window on the server (docs/adr/015).
  reloadDraft: () => unknown;
  onTimedOut: () => void;
  // The view on screen (loading, form, a result): its heading takes focus when it changes.
  view: string;
  // The document title of that view.
  title: string;
}

export interface FormPage extends FormLifetime {
  // Any change to the answers: restarts the inactivity timer and keeps the draft alive.
  onActivity: () => void;
  headingRef: ReturnType<typeof useFocusOnChange>;
}

// What the claim page and the info-request page share around their forms: the answers' lifetime
// (inactivity timer, forgetting on time-out), the draft kept alive while the claimant types,
// and the heading focus and document title of each view.
export function useFormPage({
  minutes,
  formShown,
  reloadDraft,
  onTimedOut,
  view,
  title,
}: FormPageOptions): FormPage {
  const lifetime = useFormLifetime(minutes, formShown, onTimedOut);
  const keepDraftAlive = useDraftKeepAlive(reloadDraft);
  const headingRef = useFocusOnChange(view);
  useDocumentTitle(title);
  const onActivity = () => {
    lifetime.timer.restart();
    keepDraftAlive();
  };
  return { ...lifetime, onActivity, headingRef };
}
