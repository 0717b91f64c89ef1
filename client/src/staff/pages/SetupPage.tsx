import {
  type StaffAuthenticatorEnrolment,
  type StaffSetupRequest,
  useCompleteStaffSetup,
  useEnrolStaffAuthenticator,
  useGetStaffSetup,
} from '@prize/generated/client';
import { StaffSetupRequestRules } from '@prize/generated/rules';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../components/Button/Button';
import { ResultPanel } from '../../components/ResultPanel/ResultPanel';
import { SummaryList } from '../../components/SummaryList/SummaryList';
import { TextField } from '../../components/TextField/TextField';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useFocusOnChange } from '../../hooks/useFocusOnChange';
import { StaffForm } from '../components/StaffForm';
import { staffErrorMessage, submissionErrors } from '../domain/errors';
import { rolesLabel } from '../domain/labels';
import { digitsOnly, ruleError, STAFF_FIELD_MESSAGES } from '../domain/validation';

export interface SetupPageProps {
  setupToken: string;
}

type Values = Partial<StaffSetupRequest> & { confirmPassword?: string };

const { minLength, maxLength } = StaffSetupRequestRules.password;
export const PASSWORD_HINT = `${minLength} to ${maxLength} characters, and not easy to guess: a few unrelated words make a strong password.`;

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

// The one-time set-up link: enrol the authenticator app (its secret is made now, shown once),
// then choose a password and confirm with a code.
export function SetupPage({ setupToken }: SetupPageProps) {
  const setup = useGetStaffSetup(setupToken, { query: { retry: false, staleTime: Infinity } });
  const enrol = useEnrolStaffAuthenticator();
  const complete = useCompleteStaffSetup();
  const [enrolment, setEnrolment] = useState<StaffAuthenticatorEnrolment | undefined>();
  const [done, setDone] = useState(false);
  const view = done ? 'done' : setup.isError ? 'error' : setup.data ? 'form' : 'loading';
  const headingRef = useFocusOnChange(view);
  // The QR code replaces the button: focus goes to the step's heading, as screen readers need.
  const enrolmentRef = useFocusOnChange(enrolment?.totpSecret ?? '');
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
        <p>
          <strong>Wait for the next code</strong>: the code you just entered has been used, so wait
          until your authenticator app shows a new one before you sign in.
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
          { name: 'Roles', value: rolesLabel(details.roles) },
        ]}
      />
      <h2 ref={enrolmentRef} tabIndex={-1}>
        1. Add the account to your authenticator app
      </h2>
      {enrolment ? (
        <>
          <p>
            Scan this QR code with your authenticator app, or type in the secret below. It is shown
            only now: if you leave this page before finishing, you will need a new one.
          </p>
          <img
            className="staff-qr"
            src={enrolment.qrCodeDataUrl}
            alt={`QR code to add ${details.email} to an authenticator app`}
            width={200}
            height={200}
          />
          <p>
            Secret: <code className="staff-secret">{grouped(enrolment.totpSecret)}</code>
          </p>
        </>
      ) : (
        <>
          <p>
            We will show a QR code to scan with an authenticator app on your phone, and its secret
            to type in if you cannot scan.
          </p>
          {enrol.isError && (
            <div className="error-banner" role="alert">
              <p className="error-banner__title">{staffErrorMessage(enrol.error)}</p>
            </div>
          )}
          <Button
            loading={enrol.isPending}
            onClick={() =>
              enrol.mutate({ setupToken }, { onSuccess: (answer) => setEnrolment(answer.data) })
            }
          >
            Show the QR code
          </Button>
        </>
      )}
      {enrolment && (
        <>
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
              hint={PASSWORD_HINT}
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
        </>
      )}
    </div>
  );
}
