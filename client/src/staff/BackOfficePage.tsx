import { getGetStaffSessionQueryKey, useGetStaffSession } from '@prize/generated/client';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { Redirect, Route, Switch, useRoute } from 'wouter';
import { Button } from '../components/Button/Button';
import { ResultPanel } from '../components/ResultPanel/ResultPanel';
import { StaffLayout } from './components/StaffLayout';
import { isUnauthorised, staffErrorMessage } from './domain/errors';
import { mayHandleDataProtection } from './data-protection/access';
import { DataProtectionPage } from './data-protection/DataProtectionPage';
import { AccountsPage } from './pages/AccountsPage';
import { ChangePasswordPage } from './pages/ChangePasswordPage';
import { SessionsPage } from './pages/SessionsPage';
import { ClaimsQueuePage } from './pages/ClaimsQueuePage';
import { SetupPage } from './pages/SetupPage';
import { SignInPage } from './pages/SignInPage';
import { StaffClaimPage } from './pages/StaffClaimPage';
import { TicketReceivedPage } from './pages/TicketReceivedPage';
import { csrfRequest, StaffSessionContext, type StaffSessionValue } from './session';
import './staff.css';

const SESSION_KEY = getGetStaffSessionQueryKey()[0];
const isStaffKey = (key: QueryKey) =>
  typeof key[0] === 'string' && key[0].startsWith('/api/v1/staff/');
// Calls made with the session, not the session's own read (its 401 means signed out).
const isSessionBoundKey = (key: QueryKey) => isStaffKey(key) && key[0] !== SESSION_KEY;

// The back office under /staff (a nested router: paths here are relative to /staff). Its own
// chunk and layout; the claimant pages never load it.
export function BackOfficePage() {
  const queryClient = useQueryClient();
  const [onSetup, setupParams] = useRoute<{ setupToken: string }>('/setup/:setupToken');
  const sessionQuery = useGetStaffSession({
    query: { enabled: !onSetup, retry: false, staleTime: Infinity, gcTime: Infinity },
  });
  // 204: signed out (the probe answers so, rather than a 401 the browser would log).
  const session = sessionQuery.data?.status === 200 ? sessionQuery.data.data : undefined;

  const end = useCallback(() => {
    // Personal data read in the session goes with it.
    queryClient.removeQueries({ predicate: (query) => isSessionBoundKey(query.queryKey) });
    void queryClient.resetQueries({ queryKey: getGetStaffSessionQueryKey() });
  }, [queryClient]);

  // A session that expired (idle or absolute timeout) shows as 401 on whatever call comes next:
  // back to the sign-in form, which keeps the address so the same page opens after signing in.
  useEffect(() => {
    if (session === undefined) return undefined;
    const onFailure = (key: QueryKey | undefined, error: unknown) => {
      if (isUnauthorised(error) && (key === undefined || isSessionBoundKey(key))) end();
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error')
        onFailure(event.query.queryKey, event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error')
        onFailure(undefined, event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient, session, end]);

  const value = useMemo<StaffSessionValue | null>(
    () => (session === undefined ? null : { session, csrf: csrfRequest(session), end }),
    [session, end],
  );

  if (onSetup) {
    return (
      <StaffLayout>
        <SetupPage key={setupParams.setupToken} setupToken={setupParams.setupToken} />
      </StaffLayout>
    );
  }

  if (sessionQuery.isPending) {
    return (
      <StaffLayout>
        <p role="status" className="page-loading">
          Loading…
        </p>
      </StaffLayout>
    );
  }

  if (value === null) {
    if (sessionQuery.isError && !isUnauthorised(sessionQuery.error)) {
      return (
        <StaffLayout>
          <ResultPanel variant="error" title={staffErrorMessage(sessionQuery.error)}>
            <Button onClick={() => void sessionQuery.refetch()}>Try again</Button>
          </ResultPanel>
        </StaffLayout>
      );
    }
    return (
      <StaffLayout>
        <SignInPage />
      </StaffLayout>
    );
  }

  return (
    <StaffSessionContext.Provider value={value}>
      <StaffLayout>
        <Switch>
          <Route path="/">
            <Redirect to="/claims" replace />
          </Route>
          <Route path="/claims">
            <ClaimsQueuePage />
          </Route>
          <Route path="/claims/:claimHashid">
            {(params) => (
              <StaffClaimPage key={params.claimHashid} claimHashid={params.claimHashid} />
            )}
          </Route>
          <Route path="/ticket-received">
            <TicketReceivedPage />
          </Route>
          {/* A screen a role cannot use is not there for it (StaffLayout's navigation agrees). */}
          {value.session.staff.roles.includes('admin') && (
            <Route path="/accounts">
              <AccountsPage />
            </Route>
          )}
          <Route path="/password">
            <ChangePasswordPage />
          </Route>
          <Route path="/sessions">
            <SessionsPage />
          </Route>
          {mayHandleDataProtection(value.session.staff.roles) && (
            <Route path="/data-protection">
              <DataProtectionPage />
            </Route>
          )}
          <Route>
            <Redirect to="/claims" replace />
          </Route>
        </Switch>
      </StaffLayout>
    </StaffSessionContext.Provider>
  );
}
