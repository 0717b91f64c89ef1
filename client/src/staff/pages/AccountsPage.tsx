import {
  type CreateStaffRequest,
  getListStaffQueryKey,
  StaffRole,
  useCreateStaff,
  useListStaff,
} from '@prize/generated/client';
import { isApiError } from '@prize/generated/transport/errors';
import { CreateStaffRequestRules } from '@prize/generated/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { RadioGroup } from '../../components/RadioGroup/RadioGroup';
import { TextField } from '../../components/TextField/TextField';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { StaffForm } from '../components/StaffForm';
import { staffErrorMessage, submissionErrors } from '../domain/errors';
import { formatDateTime, ROLE_LABELS } from '../domain/labels';
import { ruleError } from '../domain/validation';
import { useStaffSession } from '../session';

type Values = Partial<CreateStaffRequest>;

const ROLE_OPTIONS = Object.values(StaffRole).map((role) => ({
  value: role,
  label: ROLE_LABELS[role],
}));

function validate(values: Values) {
  return {
    name: ruleError(CreateStaffRequestRules.name, values.name?.trim()),
    email: ruleError(CreateStaffRequestRules.email, values.email?.trim()),
    role: values.role ? undefined : CreateStaffRequestRules.role.message,
  };
}

// Admins list the staff accounts and create new ones; each new person gets a set-up link by e-mail.
export function AccountsPage() {
  useDocumentTitle('Staff accounts');
  const { csrf } = useStaffSession();
  const queryClient = useQueryClient();
  const accounts = useListStaff({ query: { retry: false } });
  const create = useCreateStaff({ request: csrf });
  const [notice, setNotice] = useState<string | undefined>();
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice !== undefined) noticeRef.current?.focus();
  }, [notice]);

  return (
    <>
      <h1>Staff accounts</h1>
      {notice !== undefined && (
        <div className="staff-notice" role="status" tabIndex={-1} ref={noticeRef}>
          {notice}
        </div>
      )}
      {accounts.isError && (
        <div className="error-banner" role="alert">
          <p className="error-banner__title">{staffErrorMessage(accounts.error)}</p>
        </div>
      )}
      {accounts.data && (
        <div className="staff-table-wrap">
          <table className="staff-table">
            <caption className="visually-hidden">Staff accounts</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">E-mail address</th>
                <th scope="col">Role</th>
                <th scope="col">Set up</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {accounts.data.data.items.map((account) => (
                <tr key={account.id}>
                  <th scope="row">{account.name}</th>
                  <td className="break-anywhere">{account.email}</td>
                  <td>{ROLE_LABELS[account.role]}</td>
                  <td>{account.setupCompleted ? 'Yes' : 'Waiting for set-up'}</td>
                  <td>{formatDateTime(account.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <section aria-labelledby="create-title" className="narrow">
        <h2 id="create-title">Create an account</h2>
        <StaffForm<Values>
          label="Create an account"
          submitLabel="Create account"
          validate={validate}
          onSubmit={async (values, form) => {
            try {
              const created = await create.mutateAsync({
                data: {
                  name: values.name?.trim() ?? '',
                  email: values.email?.trim() ?? '',
                  role: values.role ?? 'claims_advisor',
                },
              });
              form.restart();
              void queryClient.invalidateQueries({ queryKey: getListStaffQueryKey() });
              setNotice(
                `Account created for ${created.data.name}. We have e-mailed a set-up link to ${created.data.email}.`,
              );
              return undefined;
            } catch (failure) {
              // The e-mail address already has an account.
              if (isApiError(failure) && failure.status === 409) return { email: failure.message };
              return submissionErrors(failure);
            }
          }}
        >
          <TextField name="name" label="Full name" autoComplete="off" />
          <TextField
            name="email"
            label="E-mail address"
            type="email"
            autoComplete="off"
            spellCheck={false}
          />
          <RadioGroup name="role" legend="Role" options={ROLE_OPTIONS} />
        </StaffForm>
      </section>
    </>
  );
}
