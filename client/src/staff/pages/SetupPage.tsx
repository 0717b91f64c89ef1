import {
  type StaffSetupRequest,
  useCompleteStaffSetup,
  useGetStaffSetup,
} from '@prize/generated/client';
import { StaffSetupRequestRules } from '@prize/generated/rules';
import { useState } from 'react';
import { Link } from 'wouter';
import { ResultPanel } from '../../components/ResultPanel/ResultPanel';
import { SummaryList } from '../../components/SummaryList/SummaryList';
import { TextField } from '../../components/TextField/TextField';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useFocusOnChange } from '../../hooks/useFocusOnChange';
import { StaffForm } from '../components/StaffForm';
import { staffErrorMessage, submissionErrors } from '../domain/errors';
import { ROLE_LABELS } from '../domain/labels';
import { digitsOnly, ruleError, STAFF_FIELD_MESSAGES } from '../domain/validation';

export interface SetupPageProps {
  setupToken: string;
}

type Values = Partial<StaffSetupRequest> & { confirmPassword?: string };

const { minLength, maxLength } = StaffSetupRequestRules.password;

function validate(values: Values) {
  return {
    password: ruleError(StaffSetupRequestRules.password, values.password),
    confirmPassword:
      values.confirmPassword === values.password ? undefined : STAFF_FIELD_MESSAGES.confirmPassword,
    code: ruleError(StaffSetupRequestRules.code, values.code),
  };
}

// Groups of four, as authenticator apps show a secret to type in.
function grouped(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

// The one-time set-up link: choose a password and enrol the authenticator app.
export function SetupPage({ setupToken }: SetupPageProps) {
  const setup = useGetStaffSetup(setupToken, { query: { retry: false, staleTime: Infinity } });
  const complete = useCompleteStaffSetup();
  const [done, setDone] = useState(false);
  const view = done ? 'done' : setup.isError ? 'error' : setup.data ? 'form' : 'loading';
  const headingRef = useFocusOnChange(view);
  useDocumentTitle(
    {
      done: 'Account set up',
      error: 'Set-up link',
      form: 'Set up your account',
      loading: 'Set-up link',
    }[view],
  );

  if (view === 'done') {
    return (
      <ResultPanel variant="celebration" title="Your account is set up" headingRef={headingRef}>
        <p>
          Sign in with your e-mail address, your new password and a code from your authenticator
          app.
        </p>
        <Link href="/" className="button button--primary">
          Sign in
        </Link>
      </ResultPanel>
    );
  }
  if (setup.isError) {
    return (
      <ResultPanel variant="error" title={staffErrorMessage(setup.error)} headingRef={headingRef}>
        <p>Ask an admin to create a new set-up link for you.</p>
      </ResultPanel>
    );
  }
  const details = setup.data?.data;
  if (!details) {
    return (
      <p role="status" className="page-loading">
        Loading…
      </p>
    );
  }

  return (
    <div className="narrow">
      <h1 ref={headingRef} tabIndex={-1}>
        Set up your account
      </h1>
      <SummaryList
        rows={[
          { name: 'Name', value: details.name },
          { name: 'E-mail address', value: details.email },
          { name: 'Role', value: ROLE_LABELS[details.role] },
        ]}
      />
      <h2>1. Add the account to your authenticator app</h2>
      <p>Scan this QR code with your authenticator app, or type in the secret below.</p>
      <img
        className="staff-qr"
        src={details.qrCodeDataUrl}
        alt={`QR code to add ${details.email} to an authenticator app`}
        width={200}
        height={200}
      />
      <p>
        Secret: <code className="staff-secret">{grouped(details.totpSecret)}</code>
      </p>
      <h2>2. Choose a password and enter a code</h2>
      <StaffForm<Values>
        submitLabel="Set up account"
        validate={validate}
        onSubmit={async (values) => {
          try {
            await complete.mutateAsync({
              setupToken,
              data: { password: values.password ?? '', code: values.code ?? '' },
            });
            setDone(true);
            return undefined;
          } catch (failure) {
            return submissionErrors(failure);
          }
        }}
      >
        <TextField
          name="password"
          label="New password"
          hint={`${minLength} to ${maxLength} characters. A few unrelated words make a strong password.`}
          type="password"
          autoComplete="new-password"
        />
        <TextField
          name="confirmPassword"
          label="Confirm the password"
          type="password"
          autoComplete="new-password"
        />
        <TextField
          name="code"
          label="Security code"
          hint="The 6-digit code your authenticator app shows for this account."
          inputMode="numeric"
          autoComplete="one-time-code"
          width="short"
          maxLength={6}
          parse={digitsOnly}
        />
      </StaffForm>
    </div>
  );
}
