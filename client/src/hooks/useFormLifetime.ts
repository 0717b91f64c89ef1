import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '../state/notifications';
import { validationErrors } from '../state/validationErrors';
import { useInactivityTimer, type InactivityTimer } from './useInactivityTimer';

export interface FormLifetime {
  timer: InactivityTimer;
  /** Drops what the claimant typed: field errors and react-query's caches (it keeps mutation variables). */
  forgetAnswers: () => void;
}

/**
 * Answers live only while their form does: nothing was ever put in browser storage, and when the
 * inactivity timer runs out the answers and notifications are dropped before `onTimedOut`.
 * Shared by the claim form and the info-request form.
 */
export function useFormLifetime(
  minutes: number,
  formShown: boolean,
  onTimedOut: () => void,
): FormLifetime {
  const queryClient = useQueryClient();
  const forgetAnswers = () => {
    validationErrors.clear();
    queryClient.clear();
  };
  const timer = useInactivityTimer(minutes, formShown, () => {
    forgetAnswers();
    notifications.clearAll();
    onTimedOut();
  });
  return { timer, forgetAnswers };
}
