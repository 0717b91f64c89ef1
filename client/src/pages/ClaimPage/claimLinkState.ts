import { getGetClaimLinkStateQueryOptions } from '@prize/generated/client';

/**
 * What a claim link leads to (issue 31), asked once per page: the claim page reads it, and the
 * route asks for it as soon as the page is taken over, while the claim page's chunk loads.
 */
export const claimLinkStateQuery = (claimToken: string) =>
  getGetClaimLinkStateQueryOptions(claimToken, { query: { retry: false, staleTime: Infinity } });
