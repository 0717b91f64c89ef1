import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { claimLinkStateQuery } from './claimLinkState';
import { ClaimShell } from './ClaimShell';

// The claim page is its own chunk: the start page does not carry it.
const ClaimPage = lazy(() =>
  import('./ClaimPage').then((module) => ({ default: module.ClaimPage })),
);

/**
 * A claim link's route. Its shell paints from the server's HTML; the link's first call starts as
 * soon as the page is taken over, while the claim page's chunk loads (the HTML does not hint that
 * chunk: the first paint does not need it, and hinted it shared the connection with the entry's
 * scripts).
 */
export function ClaimLink({ claimToken }: { claimToken: string }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.prefetchQuery(claimLinkStateQuery(claimToken));
  }, [queryClient, claimToken]);
  return (
    // The form's heading while its chunk loads: the page's largest text need not wait.
    <Suspense fallback={<ClaimShell />}>
      <ClaimPage claimToken={claimToken} />
    </Suspense>
  );
}
