import { type ChangeStaffPasswordRequest, useChangeStaffPassword } from '@prize/generated/client';
import { ChangeStaffPasswordRequestRules } from '@prize/generated/rules';
import { useState } from 'react';
import { ResultPanel } from '../../components/ResultPanel/ResultPanel';
import { TextField } from '../../components/TextField/TextField';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useFocusOnChange } from '../../hooks/useFocusOnChange';
import { StaffForm } from '../components/StaffForm';
import { submissionErrors } from '../domain/errors';
import { digitsOnly, ruleError, STAFF_FIELD_MESSAGES } from '../domain/validation';
import { useStaffSession } from '../session';
import { PASSWORD_HINT } from './SetupPage';

type Values = Partial<ChangeStaffPasswordRequest> & { confirmPassword?: string };

function validate(values: Values) {
  return {
    currentPassword: ruleError(
      ChangeStaffPasswordRequestRules.currentPassword,
      values.currentPassword,
    ),
    newPassword: ruleError(ChangeStaffPasswordRequestRules.newPassword, values.newPassword),
    confirmPassword:
      values.confirmPassword === values.newPassword
        ? undefined
        : STAFF_FIELD_MESSAGES.confirmPassword,
    code: ruleError(ChangeStaffPasswordRequestRules.code, values.code),
  };
}

// Everyone signed in changes their own password: the current one and a code prove it is them.
// A password too easy to guess comes back with zxcvbn's warning and suggestions at the field.
export function ChangePasswordPage() {
  const { csrf } = useStaffSession();
  const change = useChangeStaffPassword({ request: csrf });
  const [done, setDone] = useState(false);
  const headingRef = useFocusOnChange(done ? 'done' : 'form');
  useDocumentTitle(done ? 'Password changed' : 'Change your password');

  if (done) {
    return (
      <ResultPanel variant="celebration" title="Your password is changed" headingRef={headingRef}>
        <p>Your other sessions have ended. Use your new password next time you sign in.</p>
      </ResultPanel>
    );
  }
  return (
    <div className="narrow">
      <h1 ref={headingRef} tabIndex={-1}>
        Change your password
      </h1>
      <StaffForm<Values>
        submitLabel="Change password"
        validate={validate}
        onSubmit={async (values) => {
          try {
            await change.mutateAsync({
              data: {
                currentPassword: values.currentPassword ?? '',
                newPassword: values.newPassword ?? '',
                code: values.code ?? '',
              },
            });
            setDone(true);
            return undefined;
          } catch (failure) {
            return submissionErrors(failure);
          }
        }}
      >
        <TextField
          name="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
        />
        <TextField
          name="newPassword"
          label="New password"
          hint={PASSWORD_HINT}
          type="password"
          autoComplete="new-password"
        />
        <TextField
          name="confirmPassword"
          label="Confirm the new password"
          type="password"
          autoComplete="new-password"
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
