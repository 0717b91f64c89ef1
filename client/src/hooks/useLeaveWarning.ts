import { useEffect, useRef } from 'react';

// Leaving the page (reload, close, another address) asks first while `shouldWarn` says
// something would be lost; the browser shows its own words.
export function useLeaveWarning(shouldWarn: () => boolean): void {
  const latest = useRef(shouldWarn);
  latest.current = shouldWarn;
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (latest.current()) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
}
