/**
 * The claimant's pages, in the order App.tsx's Switch tries them (the first match wins; any other
 * path redirects to /). The server prerenders each one's shell (src/prerender), so the route it
 * picks for a path must be the one the client's router picks: both read this list.
 */
export const CLAIMANT_ROUTES = {
  start: '/',
  infoRequest: '/claim/info-request/:infoRequestToken',
  status: '/claim/status/:statusToken',
  claim: '/claim/:claimToken',
} as const;

export type ClaimantRoute = keyof typeof CLAIMANT_ROUTES;
