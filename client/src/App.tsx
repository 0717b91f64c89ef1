import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { Layout } from './components/Layout';
import { StartPage } from './pages/StartPage';

// The start page ships in the entry chunk; the heavier form routes load on demand.
const ClaimPage = lazy(() =>
  import('./pages/ClaimPage').then((module) => ({ default: module.ClaimPage })),
);
const InfoRequestPage = lazy(() =>
  import('./pages/InfoRequestPage').then((module) => ({ default: module.InfoRequestPage })),
);

function Loading() {
  return <p role="status">Loading…</p>;
}

export function App() {
  return (
    <Layout>
      <Suspense fallback={<Loading />}>
        <Switch>
          <Route path="/">
            <StartPage />
          </Route>
          <Route path="/claim/info-request/:infoRequestToken">
            {(params) => <InfoRequestPage infoRequestToken={params.infoRequestToken} />}
          </Route>
          <Route path="/claim/:claimToken">
            {(params) => <ClaimPage claimToken={params.claimToken} />}
          </Route>
          <Route>
            <Redirect to="/" replace />
          </Route>
        </Switch>
      </Suspense>
    </Layout>
  );
}
