import type { StaffSession } from '@prize/generated/client';
import { createContext, useContext } from 'react';

export interface StaffSessionValue {
  session: StaffSession;
  // Request options for every state-changing call: the session's CSRF token (the cookie goes
  // with every same-origin fetch by default).
  csrf: { headers: Record<string, string>; credentials: RequestCredentials };
  // Forgets the session and everything read with it (signed out, or the server said 401).
  end: () => void;
}

export const StaffSessionContext = createContext<StaffSessionValue | null>(null);

export function csrfRequest(session: StaffSession): StaffSessionValue['csrf'] {
  return { headers: { 'X-CSRF-Token': session.csrfToken }, credentials: 'same-origin' };
}

export function useStaffSession(): StaffSessionValue {
  const value = useContext(StaffSessionContext);
  if (!value) throw new Error('useStaffSession needs a signed-in staff member');
  return value;
}
