import { useCallback } from 'react';
import type { BaseLocationHook } from 'wouter';
import { useBrowserLocation } from 'wouter/use-browser-location';
import { clearBeforeNavigation } from '../state/navigation';

// The browser location, with validation errors and timed-out notifications cleared before
// every navigation the application makes (spec section 2).
export const useClearingLocation: BaseLocationHook = (options) => {
  const [location, navigate] = useBrowserLocation(
    options as Parameters<typeof useBrowserLocation>[0],
  );
  const clearingNavigate = useCallback(
    (to: string, navigateOptions?: Parameters<typeof navigate>[1]) => {
      clearBeforeNavigation();
      navigate(to, navigateOptions);
    },
    [navigate],
  );
  return [location, clearingNavigate];
};
