// The inactivity timer: the form is cleared after the configured minutes without a change,
// and (WCAG 2.2.1, Timing Adjustable) a warning comes two minutes before that.

export const WARNING_BEFORE_CLEAR_MS = 2 * 60 * 1000;

export interface InactivitySchedule {
  warnAfterMs: number;
  clearAfterMs: number;
}

// With a timer of two minutes or less the warning comes halfway, so there is always time to answer.
export function inactivitySchedule(minutes: number): InactivitySchedule {
  const clearAfterMs = Math.max(1, minutes) * 60 * 1000;
  const warnBeforeMs = Math.min(WARNING_BEFORE_CLEAR_MS, clearAfterMs / 2);
  return { warnAfterMs: clearAfterMs - warnBeforeMs, clearAfterMs };
}

// '2 minutes', '1 minute 5 seconds', '45 seconds'.
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  const parts: string[] = [];
  if (minutes > 0) parts.push(`${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`);
  if (seconds > 0 || minutes === 0)
    parts.push(`${seconds} ${seconds === 1 ? 'second' : 'seconds'}`);
  return parts.join(' ');
}
