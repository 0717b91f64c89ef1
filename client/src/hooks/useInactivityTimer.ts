import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { inactivitySchedule } from '../domain/inactivity';

export interface InactivityTimer {
  // When the warning is showing: the time the form will be cleared (epoch ms).
  warningClearsAt: number | null;
  restart: () => void;
}

// Restarted by every change to the form; warns before it expires.
export function useInactivityTimer(
  minutes: number,
  active: boolean,
  onExpire: () => void,
): InactivityTimer {
  const [warningClearsAt, setWarningClearsAt] = useState<number | null>(null);
  const timers = useRef<number[]>([]);
  const onExpireRef = useRef(onExpire);
  useLayoutEffect(() => {
    onExpireRef.current = onExpire;
  });

  const stop = useCallback(() => {
    for (const timer of timers.current) window.clearTimeout(timer);
    timers.current = [];
  }, []);

  const schedule = useCallback(() => {
    stop();
    if (!active) return;
    const { warnAfterMs, clearAfterMs } = inactivitySchedule(minutes);
    const clearsAt = Date.now() + clearAfterMs;
    timers.current = [
      window.setTimeout(() => setWarningClearsAt(clearsAt), warnAfterMs),
      window.setTimeout(() => {
        stop();
        setWarningClearsAt(null);
        onExpireRef.current();
      }, clearAfterMs),
    ];
  }, [active, minutes, stop]);

  // A new schedule (the timer switched on or off, another length) drops a warning showing:
  // adjusted while rendering, as React advises, rather than by an effect.
  const [scheduledFor, setScheduledFor] = useState({ active, minutes });
  if (scheduledFor.active !== active || scheduledFor.minutes !== minutes) {
    setScheduledFor({ active, minutes });
    setWarningClearsAt(null);
  }

  const restart = useCallback(() => {
    setWarningClearsAt(null);
    schedule();
  }, [schedule]);

  useEffect(() => {
    schedule();
    return stop;
  }, [schedule, stop]);

  return { warningClearsAt, restart };
}
