import {
  type CreateStaffRequest,
  getListStaffQueryKey,
  StaffRole,
  type StaffUser,
  useCreateStaff,
  useDisableStaff,
  useEnableStaff,
  useListStaff,
  useResetStaff,
} from '@prize/generated/client';
import { isApiError } from '@prize/generated/transport/errors';
import { CreateStaffRequestRules } from '@prize/generated/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/Button/Button';
import { TextField } from '../../components/TextField/TextField';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { CheckboxGroupField } from '../components/CheckboxGroupField';
import { StaffForm } from '../components/StaffForm';
import { staffErrorMessage, submissionErrors } from '../domain/errors';
import { formatDateTime, ROLE_LABELS, rolesLabel } from '../domain/labels';
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
    roles: values.roles?.length ? undefined : CreateStaffRequestRules.roles.message,
  };
}

export function accountStatus(account: StaffUser): string {
  if (account.disabled) return 'Disabled';
  return account.setupCompleted ? 'Active' : 'Waiting for set-up';
}

type Action = 'disable' | 'enable' | 'reset';

const DONE: Record<Action, (account: StaffUser) => string> = {
  disable: (account) => `${account.name}'s account is disabled. Their sessions have ended.`,
  enable: (account) => `${account.name}'s account is enabled. They can sign in again.`,
  reset: (account) =>
    `${account.name}'s account is reset. We have e-mailed a new set-up link to ${account.email}.`,
};

// Disable or enable, and reset, for every account but the admin's own.
function AccountActions({
  account,
  onDone,
  onFailed,
}: {
  account: StaffUser;
  onDone: (action: Action, account: StaffUser) => void;
  onFailed: (message: string) => void;
}) {
  const { csrf } = useStaffSession();
  const disable = useDisableStaff({ request: csrf });
  const enable = useEnableStaff({ request: csrf });
  const reset = useResetStaff({ request: csrf });
  const run = (action: Action) => {
    const mutation = { disable, enable, reset }[action];
    mutation.mutate(
      { staffId: account.id },
      {
        onSuccess: (answer) => onDone(action, answer.data),
        onError: (error) => onFailed(staffErrorMessage(error)),
      },
    );
  };
  const toggle: Action = account.disabled ? 'enable' : 'disable';
  return (
    <div className="staff-actions">
      <Button
        variant={account.disabled ? 'secondary' : 'warning'}
        className="button--small"
        loading={disable.isPending || enable.isPending}
        onClick={() => run(toggle)}
      >
        {account.disabled ? 'Enable' : 'Disable'}
        <span className="visually-hidden"> {account.name}</span>
      </Button>
      <Button
        variant="secondary"
        className="button--small"
        loading={reset.isPending}
        onClick={() => run('reset')}
      >
        Reset
        <span className="visually-hidden"> {account.name}</span>
      </Button>
    </div>
  );
}

// Admins list the staff accounts, disable, enable and reset them, and create new ones; each new
// or reset person gets a set-up link by e-mail.
export function AccountsPage() {
  useDocumentTitle('Staff accounts');
  const { csrf, session } = useStaffSession();
  const queryClient = useQueryClient();
  const accounts = useListStaff({ query: { retry: false } });
  const create = useCreateStaff({ request: csrf });
  const [notice, setNotice] = useState<{ text: string; error?: boolean } | undefined>();
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice !== undefined) noticeRef.current?.focus();
  }, [notice]);
  const changed = (action: Action, account: StaffUser) => {
    void queryClient.invalidateQueries({ queryKey: getListStaffQueryKey() });
    setNotice({ text: DONE[action](account) });
  };

  return (
    <>
      <h1>Staff accounts</h1>
      {notice !== undefined && (
        <div
          className={notice.error ? 'error-banner' : 'staff-notice'}
          role={notice.error ? 'alert' : 'status'}
          tabIndex={-1}
          ref={noticeRef}
        >
          {notice.text}
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
                <th scope="col">Roles</th>
                <th scope="col">Status</th>
                <th scope="col">Created</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {accounts.data.data.items.map((account) => (
                <tr key={account.id}>
                  <th scope="row">{account.name}</th>
                  <td className="break-anywhere">{account.email}</td>
                  <td>{rolesLabel(account.roles)}</td>
                  <td>{accountStatus(account)}</td>
                  <td>{formatDateTime(account.createdAt)}</td>
                  <td>
                    {account.id === session.staff.id ? (
                      'Your account'
                    ) : (
                      <AccountActions
                        account={account}
                        onDone={changed}
                        onFailed={(text) => setNotice({ text, error: true })}
                      />
                    )}
                  </td>
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
                  roles: values.roles ?? [],
                },
              });
              form.restart();
              void queryClient.invalidateQueries({ queryKey: getListStaffQueryKey() });
              setNotice({
                text: `Account created for ${created.data.name}. We have e-mailed a set-up link to ${created.data.email}.`,
              });
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
          <CheckboxGroupField
            name="roles"
            legend="Roles"
            hint="Select all that apply. An admin who also works claims needs Claims advisor too."
            options={ROLE_OPTIONS}
          />
        </StaffForm>
      </section>
    </>
  );
}
