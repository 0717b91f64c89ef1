import { lazy, Suspense, useEffect } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { Layout } from './components/Layout/Layout';
import { usePageConfig } from './config';
import { ClaimLink } from './pages/ClaimPage/ClaimLink';
import { CLAIMANT_ROUTES } from './routing/claimantRoutes';
import { StartPage } from './pages/StartPage/StartPage';
import { clearBeforeNavigation } from './state/navigation';

// The start page ships in the entry chunk; the form routes and their widgets load on demand.
const ClaimStatusPage = lazy(() =>
  import('./pages/ClaimStatusPage/ClaimStatusPage').then((module) => ({
    default: module.ClaimStatusPage,
  })),
);
const InfoRequestPage = lazy(() =>
  import('./pages/InfoRequestPage/InfoRequestPage').then((module) => ({
    default: module.InfoRequestPage,
  })),
);
// The staff back office is its own chunk with its own layout: claimants never load it.
const BackOfficePage = lazy(() =>
  import('./staff/BackOfficePage').then((module) => ({ default: module.BackOfficePage })),
);

function Loading() {
  return (
    <p role="status" className="page-loading">
      Loading…
    </p>
  );
}

export function App() {
  const [location] = useLocation();
  const { hideBreadcrumbs } = usePageConfig();

  // Back and forward buttons navigate without the app: clear there too.
  useEffect(() => {
    clearBeforeNavigation();
  }, [location]);

  if (location === '/staff' || location.startsWith('/staff/')) {
    return (
      <Suspense fallback={<Loading />}>
        <Route path="/staff" nest>
          <BackOfficePage />
        </Route>
      </Suspense>
    );
  }

  return (
    <Layout showBreadcrumbs={location === '/' && !hideBreadcrumbs}>
      <Suspense fallback={<Loading />}>
        <Switch>
          <Route path={CLAIMANT_ROUTES.start}>
            <StartPage />
          </Route>
          <Route path={CLAIMANT_ROUTES.infoRequest}>
            {(params) => (
              <InfoRequestPage
                key={params.infoRequestToken}
                infoRequestToken={params.infoRequestToken}
              />
            )}
          </Route>
          <Route path={CLAIMANT_ROUTES.status}>
            {(params) => (
              <ClaimStatusPage key={params.statusToken} statusToken={params.statusToken} />
            )}
          </Route>
          <Route path={CLAIMANT_ROUTES.claim}>
            {(params) => <ClaimLink key={params.claimToken} claimToken={params.claimToken} />}
          </Route>
          <Route>
            <Redirect to="/" replace />
          </Route>
        </Switch>
      </Suspense>
    </Layout>
  );
}
