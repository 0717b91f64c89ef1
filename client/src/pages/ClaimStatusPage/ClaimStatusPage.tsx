import { getGetClaimProgressQueryOptions } from '@prize/generated/client';
import { ApiError } from '@prize/generated/transport/errors';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { Button } from '../../components/Button/Button';
import { PhoneLink } from '../../components/PhoneLink/PhoneLink';
import { ResultPanel } from '../../components/ResultPanel/ResultPanel';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useFocusOnChange } from '../../hooks/useFocusOnChange';
import { ClaimProgress } from '../ClaimPage/ClaimProgress';

export interface ClaimStatusPageProps {
  statusToken: string;
}

// A submitted claim's status link (e-mailed at submission and with each step): its progress
// straight away, with no verify call first. A link past its time (410) or unknown (404) says so.
export function ClaimStatusPage({ statusToken }: ClaimStatusPageProps) {
  const [, navigate] = useLocation();
  const progress = useQuery(
    getGetClaimProgressQueryOptions(statusToken, {
      query: { retry: false, staleTime: Infinity },
    }),
  );
  const status = progress.error instanceof ApiError ? progress.error.status : undefined;
  const viewKey = progress.data ? 'progress' : progress.isError ? `error-${status}` : 'loading';
  const headingRef = useFocusOnChange(viewKey);
  useDocumentTitle(
    progress.data
      ? "Your claim's progress"
      : progress.isError
        ? 'Your claim status link'
        : 'Checking your claim status link',
  );

  if (progress.data)
    return (
      <ClaimProgress
        progress={progress.data.data}
        headingRef={headingRef}
        onStartNew={() => navigate('/')}
      />
    );

  if (progress.isError)
    return (
      <ResultPanel
        variant="error"
        title={
          status === 410
            ? 'This claim is closed'
            : status === 404
              ? 'We cannot find this claim'
              : 'We cannot show your claim right now'
        }
        headingRef={headingRef}
      >
        <p className="lead">
          {status === 410
            ? 'This link no longer shows the claim because it was closed some time ago.'
            : status === 404
              ? 'Check that you opened the whole link from our email.'
              : 'Please try again in a few minutes.'}
        </p>
        <p>
          If you have a question about your claim, please call Customer Care on <PhoneLink />.
        </p>
        <Button onClick={() => navigate('/')}>start a new claim</Button>
      </ResultPanel>
    );

  return (
    <div className="page-loading" role="status">
      <span className="button__spinner" aria-hidden="true" /> Checking your claim status link…
    </div>
  );
}
