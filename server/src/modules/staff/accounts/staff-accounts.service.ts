import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { components } from '@prize/generated/server';
import { StaffSetupRequestRules } from '@prize/generated/rules';
import type { Config } from '../../../config/config.ts';
import {
  ConflictError,
  GoneError,
  NotFoundError,
  ValidationFailure,
} from '../../../http/errors.ts';
import { queueEmail } from '../../mail/outbox.ts';
import type { OutboxPump } from '../../mail/outbox-pump.ts';
import { recordStaffAudit } from '../audit/staff-audit.ts';
import { checkPasswordStrength } from '../auth/password-strength.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { StaffPrincipal } from '../auth/staff-principal.ts';
import {
  newToken,
  openTotpSecret,
  sealTotpSecret,
  tokenHash,
  type StaffKeys,
} from '../auth/staff-secrets.ts';
import { endSessionsOf } from '../auth/staff-session.ts';
import { acceptedTotpStep, newTotpSecret, qrCodeDataUrl, totpUri } from '../auth/totp.ts';
import {
  StaffAccountSchema,
  StaffSetupTokenSchema,
  type StaffAccount,
} from './staff-account.entity.ts';
import { STAFF_ROLES, type StaffRole } from './staff-role.ts';
import { staffSetupEmail } from '../../mail/templates.ts';
import { staffUser, type StaffUser } from './staff-user.ts';
import { newRowId } from '../../../db/row-id.ts';

export const SETUP_LINK_HOURS = 72;
const MAX_LISTED = 1000;

export const SETUP_NOT_FOUND = 'This set-up link could not be found.';
export const SETUP_USED = 'This set-up link has already been used.';
export const SETUP_EXPIRED = 'This set-up link has expired. Ask an admin for a new one.';
export const EMAIL_IN_USE = 'A staff account with this e-mail address already exists.';
export const ACCOUNT_NOT_FOUND = 'Staff account not found.';
export const NOT_YOUR_OWN = (verb: string) => `You cannot ${verb} your own account.`;

export type StaffSetup = components['schemas']['StaffSetup'];
export type StaffEnrolment = components['schemas']['StaffAuthenticatorEnrolment'];

export interface StaffAccountsDeps {
  em: EntityManager;
  config: Config;
  keys: StaffKeys;
  clock: () => Date;
  outbox: OutboxPump;
}

export interface NewStaff {
  email: string;
  name: string;
  roles: StaffRole[];
}

/** The contract's order, once each. */
const roleSet = (roles: readonly StaffRole[]): StaffRole[] =>
  STAFF_ROLES.filter((role) => roles.includes(role));

export function staffAccountsService({ em, config, keys, clock, outbox }: StaffAccountsDeps) {
  const issuer = `${config.productName} claims back office`;

  /**
   * A new set-up link for `account`, its e-mail queued in `tx` (send it after the commit). The
   * account's older link is deleted first: an account has at most one live link (a unique key
   * on the account backs this up when two issue at once).
   */
  async function issueSetupLink(
    tx: EntityManager,
    account: StaffAccount,
    now: Date,
  ): Promise<{ link: string; outboxId: string }> {
    await tx.nativeDelete(StaffSetupTokenSchema, { staff: account.id });
    const token = newToken();
    tx.create(StaffSetupTokenSchema, {
      tokenHash: tokenHash(token),
      staff: account,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SETUP_LINK_HOURS * 3_600_000),
    });
    const link = `${config.publicUrl}/staff/setup/${token}`;
    const outboxId = queueEmail(
      tx,
      'staff-setup',
      account.email,
      staffSetupEmail(config.productName, account.name, link, SETUP_LINK_HOURS),
    );
    return { link, outboxId };
  }

  // No TOTP secret yet: it is made during the set-up (enrolAuthenticator), never earlier.
  function newAccount(tx: EntityManager, input: NewStaff, now: Date): StaffAccount {
    return tx.create(StaffAccountSchema, {
      id: newRowId(),
      email: input.email.trim().toLowerCase(),
      name: input.name.trim(),
      roles: roleSet(input.roles),
      totpSecretSealed: null,
      createdAt: now,
    });
  }

  /** The set-up link's token row and its account, or the contract's 404, 409 or 410. */
  async function openSetupToken(tx: EntityManager, token: string, lock: boolean) {
    const row = await tx.findOne(
      StaffSetupTokenSchema,
      { tokenHash: tokenHash(token) },
      lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {},
    );
    if (!row) throw new NotFoundError(SETUP_NOT_FOUND);
    const account = await tx.findOneOrFail(StaffAccountSchema, { id: row.staff.id });
    if (row.usedAt || account.setupCompletedAt) throw new ConflictError(SETUP_USED);
    if (row.expiresAt.getTime() <= clock().getTime()) throw new GoneError(SETUP_EXPIRED);
    return { row, account };
  }

  /** Another account than the admin's own, locked for the change; 404 or 409 otherwise. */
  async function otherAccount(
    tx: EntityManager,
    id: string,
    by: StaffPrincipal,
    verb: string,
  ): Promise<StaffAccount> {
    const account = await tx.findOne(
      StaffAccountSchema,
      { id },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!account) throw new NotFoundError(ACCOUNT_NOT_FOUND);
    if (account.id === by.id) throw new ConflictError(NOT_YOUR_OWN(verb));
    return account;
  }

  return {
    async list(): Promise<StaffUser[]> {
      const accounts = await em
        .fork()
        .find(StaffAccountSchema, {}, { orderBy: { name: 'asc', id: 'asc' }, limit: MAX_LISTED });
      return accounts.map(staffUser);
    },

    /** An admin creates an account; its owner gets the set-up link by e-mail. */
    async create(input: NewStaff, by: StaffPrincipal): Promise<StaffUser> {
      const now = clock();
      try {
        const { account, outboxId } = await em.fork().transactional(async (tx) => {
          const email = input.email.trim().toLowerCase();
          if (await tx.count(StaffAccountSchema, { email })) throw new ConflictError(EMAIL_IN_USE);
          const created = newAccount(tx, input, now);
          const { outboxId: queued } = await issueSetupLink(tx, created, now);
          recordStaffAudit(tx, {
            staffId: by.id,
            action: 'staff.account_created',
            detail: { accountId: created.id, roles: created.roles },
          });
          return { account: created, outboxId: queued };
        });
        outbox.send(outboxId);
        return staffUser(account);
      } catch (error) {
        // Two admins creating the same address at once: the unique key decides.
        if (error instanceof UniqueConstraintViolationException)
          throw new ConflictError(EMAIL_IN_USE);
        throw error;
      }
    },

    /** Disabling ends every session of the account at once; it cannot sign in until enabled. */
    async disable(id: string, by: StaffPrincipal): Promise<StaffUser> {
      return em.fork().transactional(async (tx) => {
        const account = await otherAccount(tx, id, by, 'disable');
        const sessionsEnded = await endSessionsOf(tx, account.id);
        if (!account.disabledAt) {
          account.disabledAt = clock();
          recordStaffAudit(tx, {
            staffId: by.id,
            action: 'staff.account_disabled',
            detail: { accountId: account.id, sessionsEnded },
          });
        }
        return staffUser(account);
      });
    },

    async enable(id: string, by: StaffPrincipal): Promise<StaffUser> {
      return em.fork().transactional(async (tx) => {
        const account = await tx.findOne(
          StaffAccountSchema,
          { id },
          { lockMode: LockMode.PESSIMISTIC_WRITE },
        );
        if (!account) throw new NotFoundError(ACCOUNT_NOT_FOUND);
        if (account.disabledAt) {
          account.disabledAt = null;
          recordStaffAudit(tx, {
            staffId: by.id,
            action: 'staff.account_enabled',
            detail: { accountId: account.id },
          });
        }
        return staffUser(account);
      });
    },

    /**
     * For a lost password or authenticator: both are cleared, the sessions and the older link
     * end, and a new set-up link is e-mailed; a new TOTP secret is made only during that set-up.
     */
    async reset(id: string, by: StaffPrincipal): Promise<StaffUser> {
      const now = clock();
      const { account, outboxId } = await em.fork().transactional(async (tx) => {
        const found = await otherAccount(tx, id, by, 'reset');
        const sessionsEnded = await endSessionsOf(tx, found.id);
        found.passwordHash = null;
        found.totpSecretSealed = null;
        found.totpLastStep = null;
        found.setupCompletedAt = null;
        found.failedSignIns = 0;
        found.lockedUntil = null;
        const { outboxId: queued } = await issueSetupLink(tx, found, now);
        recordStaffAudit(tx, {
          staffId: by.id,
          action: 'staff.account_reset',
          detail: { accountId: found.id, sessionsEnded },
        });
        return { account: found, outboxId: queued };
      });
      outbox.send(outboxId);
      return staffUser(account);
    },

    /** What the set-up page shows first: the account. No authenticator secret. */
    async setup(token: string): Promise<StaffSetup> {
      const { account } = await openSetupToken(em.fork(), token, false);
      return { email: account.email, name: account.name, roles: roleSet(account.roles) };
    },

    /**
     * Makes the set-up's authenticator secret and answers it, once: each call makes a new one
     * (sealed on the link until a code confirms it) and the earlier one stops working, so a
     * second viewer of the link never holds the secret the set-up completes with.
     */
    async enrolAuthenticator(token: string): Promise<StaffEnrolment> {
      const secret = newTotpSecret();
      const account = await em.fork().transactional(async (tx) => {
        const opened = await openSetupToken(tx, token, true);
        opened.row.totpSecretSealed = sealTotpSecret(secret, keys);
        return opened.account;
      });
      const uri = totpUri(issuer, account.email, secret);
      return { totpSecret: secret, totpUri: uri, qrCodeDataUrl: await qrCodeDataUrl(uri) };
    },

    /**
     * Sets the password (12-128 characters, zxcvbn score 3 or more) and confirms the latest
     * enrolment with a current code (a wrong one, or none made yet, is a ValidationFailure on
     * `code`); the link is then used up.
     */
    async completeSetup(token: string, password: string, code: string): Promise<void> {
      const known = await openSetupToken(em.fork(), token, false);
      await checkPasswordStrength('password', password, [known.account.email, known.account.name]);
      const passwordHash = await hashPassword(password);
      const now = clock();
      await em.fork().transactional(async (tx) => {
        const { row, account } = await openSetupToken(tx, token, true);
        const sealed = row.totpSecretSealed;
        const step = sealed
          ? await acceptedTotpStep(openTotpSecret(sealed, keys), code, now, null)
          : undefined;
        if (step === undefined)
          throw ValidationFailure.of('code', 'totp', StaffSetupRequestRules.code.message);
        account.passwordHash = passwordHash;
        account.totpSecretSealed = sealed;
        account.totpLastStep = step;
        account.setupCompletedAt = now;
        account.failedSignIns = 0;
        account.lockedUntil = null;
        row.usedAt = now;
        row.totpSecretSealed = null;
        recordStaffAudit(tx, { staffId: account.id, action: 'staff.setup_completed' });
      });
    },

    /**
     * Start-up: while no admin has completed set-up, the STAFF_ADMIN_EMAIL account (created as
     * an admin when missing) gets a fresh set-up link by e-mail, and its older link dies. Answers
     * the link, for the launch banner outside production; undefined when nothing was needed.
     */
    async ensureFirstAdmin(): Promise<string | undefined> {
      const email = config.staffAdminEmail;
      if (!email) return undefined;
      const now = clock();
      try {
        const issued = await em.fork().transactional(async (tx) => {
          const ready = await tx.count(StaffAccountSchema, {
            roles: { $contains: ['admin'] },
            setupCompletedAt: { $ne: null },
            disabledAt: null,
          });
          if (ready) return undefined;
          let account = await tx.findOne(StaffAccountSchema, { email });
          if (account && (!account.roles.includes('admin') || account.disabledAt)) return undefined;
          if (!account) {
            account = newAccount(tx, { email, name: 'Administrator', roles: ['admin'] }, now);
            recordStaffAudit(tx, {
              staffId: null,
              action: 'staff.account_created',
              detail: { accountId: account.id, roles: ['admin'], source: 'STAFF_ADMIN_EMAIL' },
            });
          }
          return issueSetupLink(tx, account, now);
        });
        if (!issued) return undefined;
        outbox.send(issued.outboxId);
        return issued.link;
      } catch (error) {
        // Another process of the fleet created the account at the same moment: its link stands.
        if (error instanceof UniqueConstraintViolationException) return undefined;
        throw error;
      }
    },
  };
}

export type StaffAccountsService = ReturnType<typeof staffAccountsService>;
