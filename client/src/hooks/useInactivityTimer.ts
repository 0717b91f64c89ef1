import { useCallback, useEffect, useRef, useState } from 'react';
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
  onExpireRef.current = onExpire;

  const stop = useCallback(() => {
    for (const timer of timers.current) window.clearTimeout(timer);
    timers.current = [];
  }, []);

  const restart = useCallback(() => {
    stop();
    setWarningClearsAt(null);
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

  useEffect(() => {
    restart();
    return stop;
  }, [restart, stop]);

  return { warningClearsAt, restart };
}
