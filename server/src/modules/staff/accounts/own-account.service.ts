import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { components } from '@prize/generated/server';
import { ChangeStaffPasswordRequestRules } from '@prize/generated/rules';
import { NotFoundError, ValidationFailure } from '../../../http/errors.ts';
import { recordStaffAudit } from '../audit/staff-audit.ts';
import { checkPasswordStrength } from '../auth/password-strength.ts';
import { hashPassword, passwordMatches } from '../auth/passwords.ts';
import type { StaffPrincipal } from '../auth/staff-principal.ts';
import { openTotpSecret, type StaffKeys } from '../auth/staff-secrets.ts';
import { StaffSessionSchema } from '../auth/staff-session.entity.ts';
import { endSessionsOf } from '../auth/staff-session.ts';
import { acceptedTotpStep } from '../auth/totp.ts';
import { StaffAccountSchema } from './staff-account.entity.ts';

export const CURRENT_PASSWORD_WRONG = 'Your current password is incorrect.';
export const SESSION_NOT_FOUND = 'Session not found.';
const MAX_LISTED = 1000;

export type StaffSessionList = components['schemas']['StaffSessionList'];

export interface ChangePassword {
  currentPassword: string;
  newPassword: string;
  code: string;
}

export interface OwnAccountDeps {
  em: EntityManager;
  keys: StaffKeys;
  clock: () => Date;
}

/** What every signed-in member of staff may do to their own account: password and sessions. */
export function ownAccountService({ em, keys, clock }: OwnAccountDeps) {
  return {
    /**
     * Needs the current password and a current code (each wrong one a ValidationFailure on its
     * field, which the route counts against the client); the new password must pass zxcvbn.
     * The other sessions end: whoever learnt the old password is signed out.
     */
    async changePassword(staff: StaffPrincipal, input: ChangePassword): Promise<void> {
      const known = await em.fork().findOneOrFail(StaffAccountSchema, { id: staff.id });
      if (!(await passwordMatches(known.passwordHash ?? null, input.currentPassword)))
        throw ValidationFailure.of('currentPassword', 'password', CURRENT_PASSWORD_WRONG);
      await checkPasswordStrength('newPassword', input.newPassword, [known.email, known.name]);
      const passwordHash = await hashPassword(input.newPassword);
      const now = clock();
      await em.fork().transactional(async (tx) => {
        // Under the row lock, so a code is taken once even against a sign-in at the same moment.
        const account = await tx.findOneOrFail(
          StaffAccountSchema,
          { id: staff.id },
          { lockMode: LockMode.PESSIMISTIC_WRITE },
        );
        const step = account.totpSecretSealed
          ? await acceptedTotpStep(
              openTotpSecret(account.totpSecretSealed, keys),
              input.code,
              now,
              account.totpLastStep ?? null,
            )
          : undefined;
        if (step === undefined)
          throw ValidationFailure.of('code', 'totp', ChangeStaffPasswordRequestRules.code.message);
        account.passwordHash = passwordHash;
        account.totpLastStep = step;
        const sessionsEnded = await endSessionsOf(tx, account.id, staff.sessionId);
        recordStaffAudit(tx, {
          staffId: account.id,
          action: 'staff.password_changed',
          detail: { sessionId: staff.sessionId, sessionsEnded },
        });
      });
    },

    /** The live sessions of the signed-in member of staff, newest first. */
    async sessions(staff: StaffPrincipal): Promise<StaffSessionList> {
      const now = clock();
      const rows = await em
        .fork()
        .find(
          StaffSessionSchema,
          { staff: staff.id, idleExpiresAt: { $gt: now }, expiresAt: { $gt: now } },
          { orderBy: { createdAt: 'desc', id: 'asc' }, limit: MAX_LISTED },
        );
      return {
        items: rows.map((session) => ({
          id: session.id,
          createdAt: session.createdAt.toISOString(),
          idleExpiresAt: session.idleExpiresAt.toISOString(),
          expiresAt: session.expiresAt.toISOString(),
          current: session.id === staff.sessionId,
        })),
      };
    },

    /** Ends one of the signed-in member's own sessions; another person's is not found. */
    async endSession(staff: StaffPrincipal, sessionId: string): Promise<void> {
      await em.fork().transactional(async (tx) => {
        const ended = await tx.nativeDelete(StaffSessionSchema, {
          id: sessionId,
          staff: staff.id,
        });
        if (!ended) throw new NotFoundError(SESSION_NOT_FOUND);
        recordStaffAudit(tx, {
          staffId: staff.id,
          action: 'staff.session_ended',
          detail: { sessionId, by: staff.sessionId },
        });
      });
    },

    /** Ends every session of the signed-in member but this one. */
    async endOtherSessions(staff: StaffPrincipal): Promise<void> {
      await em.fork().transactional(async (tx) => {
        const sessionsEnded = await endSessionsOf(tx, staff.id, staff.sessionId);
        recordStaffAudit(tx, {
          staffId: staff.id,
          action: 'staff.other_sessions_ended',
          detail: { sessionId: staff.sessionId, sessionsEnded },
        });
      });
    },
  };
}

export type OwnAccountService = ReturnType<typeof ownAccountService>;
