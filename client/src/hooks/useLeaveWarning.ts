import { useEffect, useEffectEvent } from 'react';

// Leaving the page (reload, close, another address) asks first while `shouldWarn` says
// something would be lost; the browser shows its own words.
export function useLeaveWarning(shouldWarn: () => boolean): void {
  // An effect event: the listener added once always asks the latest `shouldWarn`.
  const wouldLoseWork = useEffectEvent(() => shouldWarn());
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (wouldLoseWork()) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
}
