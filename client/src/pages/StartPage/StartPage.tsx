import { useStartClaim } from '@prize/generated/client';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { isApiError } from '@prize/generated/transport/errors';
import { Button } from '../../components/Button/Button';
import { controlAria, FieldShell, fieldIds } from '../../components/FieldShell/FieldShell';
import { ResultPanel } from '../../components/ResultPanel/ResultPanel';
import { TitleBox } from '../../components/TitleBox/TitleBox';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { usePageConfig } from '../../config';
import { notificationFor, startClaimErrorMessage } from '../../domain/apiMessages';
import { startEmailRule } from '../../domain/startEmail';
import { notifications } from '../../state/notifications';
import { displayMessage } from '../../domain/validators';

type View =
  { name: 'form' } | { name: 'sent'; email: string } | { name: 'failed'; message: string };

const ids = fieldIds('email');

export interface StartPageProps {
  // The page reload behind 'enter email'; replaceable in tests.
  reload?: () => void;
}

export function StartPage({ reload = () => window.location.reload() }: StartPageProps) {
  const [view, setView] = useState<View>({ name: 'form' });
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | undefined>();
  const inputRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const startClaim = useStartClaim();
  const { claimInactivityMinutes } = usePageConfig();
  useDocumentTitle(
    view.name === 'sent'
      ? 'Check your email'
      : view.name === 'failed'
        ? 'Failed to start claim'
        : 'Start your claim',
  );

  const ruleError = startEmailRule(email);
  const error = serverError ?? (touched ? ruleError : undefined);

  useEffect(() => {
    if (view.name !== 'form') headingRef.current?.focus();
  }, [view.name]);

  // The server sends this form prerendered: an address typed before the page's script took the
  // form over is in the field but not in the state it validates and sends (React keeps the
  // field's text when it hydrates).
  useEffect(() => {
    const typed = inputRef.current?.value;
    if (typed) setEmail(typed);
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setServerError(undefined);
    if (ruleError !== undefined) {
      inputRef.current?.focus();
      return;
    }
    const address = email.trim();
    startClaim.mutate(
      { data: { email: address } },
      {
        onSuccess: () => setView({ name: 'sent', email: address }),
        onError: (failure) => {
          const fieldError = isApiError(failure) ? failure.fieldErrors.email : undefined;
          if (fieldError !== undefined) {
            setServerError(displayMessage(fieldError));
            inputRef.current?.focus();
            return;
          }
          const message = startClaimErrorMessage(failure);
          const notice = notificationFor(failure, { shownOnScreen: true });
          if (notice !== undefined) notifications.add({ content: notice, type: 'error' });
          setView({ name: 'failed', message });
        },
      },
    );
  };

  if (view.name === 'sent') {
    return (
      <ResultPanel variant="verification" title="Check your email" headingRef={headingRef}>
        <p className="lead">
          A verification link has been sent to{' '}
          <strong className="break-anywhere">{view.email}</strong>.
        </p>
        <p>
          Open the link in the email to continue your claim. If it has not arrived in a few minutes,
          check your spam or junk folder.
        </p>
        <Button
          variant="secondary"
          onClick={() => {
            setTouched(false);
            setView({ name: 'form' });
          }}
        >
          Re-enter email address
        </Button>
      </ResultPanel>
    );
  }

  if (view.name === 'failed') {
    return (
      <ResultPanel variant="error" title={view.message} headingRef={headingRef}>
        <p>Please enter your email address again to start your claim.</p>
        <Button onClick={reload}>enter email</Button>
      </ResultPanel>
    );
  }

  return (
    <div className="narrow">
      <TitleBox title="Start your claim">
        <p className="lead">Claim a prize of more than £500 by post.</p>
      </TitleBox>
      <p>
        Enter your email address and we will send you a link to your claim form. You will need your
        ticket or Scratchcard, and it helps to have photos of it ready.
      </p>
      <div className="info-box">
        <p>
          For your security, an unfinished claim form is cleared after {claimInactivityMinutes}{' '}
          minutes of inactivity.
        </p>
      </div>
      {/* POST, not the default GET, if sent before the page's script has taken the form over:
          the address must not end up in the URL (the server answers with the page again). */}
      <form noValidate method="post" onSubmit={submit}>
        <FieldShell
          ids={ids}
          label="Email address"
          hint="We will only use it for your claim."
          error={error}
        >
          <input
            ref={inputRef}
            id={ids.input}
            className="input"
            type="email"
            name="email"
            autoComplete="email"
            spellCheck={false}
            maxLength={254}
            value={email}
            {...controlAria(ids, true, error)}
            onChange={(event) => {
              setEmail(event.target.value);
              setServerError(undefined);
            }}
            onBlur={() => setTouched(true)}
          />
        </FieldShell>
        <Button type="submit" loading={startClaim.isPending}>
          verify email
        </Button>
      </form>
    </div>
  );
}
