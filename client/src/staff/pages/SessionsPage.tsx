import {
  getListStaffSessionsQueryKey,
  type StaffSessionSummary,
  useEndOtherStaffSessions,
  useEndStaffSession,
  useListStaffSessions,
} from '@prize/generated/client';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/Button/Button';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { staffErrorMessage } from '../domain/errors';
import { formatDateTime } from '../domain/labels';
import { useStaffSession } from '../session';

function EndSession({
  session,
  onEnded,
}: {
  session: StaffSessionSummary;
  onEnded: (text: string) => void;
}) {
  const { csrf } = useStaffSession();
  const end = useEndStaffSession({ request: csrf });
  const started = formatDateTime(session.createdAt);
  return (
    <Button
      variant="secondary"
      className="button--small"
      loading={end.isPending}
      onClick={() =>
        end.mutate(
          { sessionId: session.id },
          {
            onSuccess: () => onEnded(`The session signed in at ${started} has ended.`),
            onError: (error) => onEnded(staffErrorMessage(error)),
          },
        )
      }
    >
      End session<span className="visually-hidden"> signed in at {started}</span>
    </Button>
  );
}

// Everyone signed in: where they are signed in, and ending any session but this one.
export function SessionsPage() {
  useDocumentTitle('Your sessions');
  const { csrf } = useStaffSession();
  const queryClient = useQueryClient();
  const sessions = useListStaffSessions({ query: { retry: false } });
  const endOthers = useEndOtherStaffSessions({ request: csrf });
  const [notice, setNotice] = useState<string | undefined>();
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice !== undefined) noticeRef.current?.focus();
  }, [notice]);
  const ended = (text: string) => {
    void queryClient.invalidateQueries({ queryKey: getListStaffSessionsQueryKey() });
    setNotice(text);
  };
  const items = sessions.data?.data.items ?? [];

  return (
    <>
      <h1>Your sessions</h1>
      <p>Where you are signed in to the back office. End any session you do not recognise.</p>
      {notice !== undefined && (
        <div className="staff-notice" role="status" tabIndex={-1} ref={noticeRef}>
          {notice}
        </div>
      )}
      {sessions.isError && (
        <div className="error-banner" role="alert">
          <p className="error-banner__title">{staffErrorMessage(sessions.error)}</p>
        </div>
      )}
      {sessions.data && (
        <div className="staff-table-wrap">
          <table className="staff-table">
            <caption className="visually-hidden">Your sessions, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Signed in</th>
                <th scope="col">Ends if unused</th>
                <th scope="col">Ends at the latest</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {items.map((session) => (
                <tr key={session.id}>
                  <th scope="row">{formatDateTime(session.createdAt)}</th>
                  <td>{formatDateTime(session.idleExpiresAt)}</td>
                  <td>{formatDateTime(session.expiresAt)}</td>
                  <td>
                    {session.current ? (
                      'This session'
                    ) : (
                      <EndSession session={session} onEnded={ended} />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {items.some((session) => !session.current) && (
        <Button
          variant="warning"
          loading={endOthers.isPending}
          onClick={() =>
            endOthers.mutate(undefined, {
              onSuccess: () => ended('Your other sessions have ended.'),
              onError: (error) => setNotice(staffErrorMessage(error)),
            })
          }
        >
          End all other sessions
        </Button>
      )}
    </>
  );
}
