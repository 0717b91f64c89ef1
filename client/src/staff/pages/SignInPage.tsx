import {
  getGetStaffSessionQueryKey,
  type StaffSignInRequest,
  useSignInStaff,
} from '@prize/generated/client';
import { useQueryClient } from '@tanstack/react-query';
import { TextField } from '../../components/TextField/TextField';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { StaffForm } from '../components/StaffForm';
import { submissionErrors } from '../domain/errors';
import { digitsOnly, ruleError } from '../domain/validation';
import { StaffSignInRequestRules } from '@prize/generated/rules';

type Values = Partial<StaffSignInRequest>;

function validate(values: Values) {
  return {
    email: ruleError(StaffSignInRequestRules.email, values.email?.trim()),
    password: ruleError(StaffSignInRequestRules.password, values.password),
    code: ruleError(StaffSignInRequestRules.code, values.code),
  };
}

// Shown for every back-office address while nobody is signed in; signing in opens the
// address asked for.
export function SignInPage() {
  useDocumentTitle('Sign in to the back office');
  const queryClient = useQueryClient();
  const signIn = useSignInStaff();
  return (
    <div className="narrow">
      <h1>Sign in</h1>
      <p className="lead">
        Sign in with your e-mail address, password and the security code from your authenticator
        app.
      </p>
      <StaffForm<Values>
        submitLabel="Sign in"
        validate={validate}
        onSubmit={async (values) => {
          try {
            const session = await signIn.mutateAsync({
              data: {
                email: values.email?.trim() ?? '',
                password: values.password ?? '',
                code: values.code ?? '',
              },
            });
            queryClient.setQueryData(getGetStaffSessionQueryKey(), session);
            return undefined;
          } catch (failure) {
            return submissionErrors(failure);
          }
        }}
      >
        <TextField
          name="email"
          label="E-mail address"
          type="email"
          autoComplete="username"
          spellCheck={false}
        />
        <TextField
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
        />
        <TextField
          name="code"
          label="Security code"
          hint="The 6-digit code your authenticator app shows now."
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
