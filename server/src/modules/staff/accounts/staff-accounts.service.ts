import { randomUUID } from 'node:crypto';
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
import { addToOutbox } from '../../mail/outbox.ts';
import type { OutboxPump } from '../../mail/outbox-pump.ts';
import { recordStaffAudit } from '../audit/staff-audit.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { StaffPrincipal } from '../auth/staff-principal.ts';
import {
  newToken,
  openTotpSecret,
  sealTotpSecret,
  tokenHash,
  type StaffKeys,
} from '../auth/staff-secrets.ts';
import { acceptedTotpStep, newTotpSecret, qrCodeDataUrl, totpUri } from '../auth/totp.ts';
import {
  StaffAccountSchema,
  StaffSetupTokenSchema,
  type StaffAccount,
} from './staff-account.entity.ts';
import type { StaffRole } from './staff-role.ts';
import { staffSetupEmail } from './setup-email.ts';
import { staffUser, type StaffUser } from './staff-user.ts';

export const SETUP_LINK_HOURS = 72;
const MAX_LISTED = 1000;

export const SETUP_NOT_FOUND = 'This set-up link could not be found.';
export const SETUP_USED = 'This set-up link has already been used.';
export const SETUP_EXPIRED = 'This set-up link has expired. Ask an admin for a new one.';
export const EMAIL_IN_USE = 'A staff account with this e-mail address already exists.';

export type StaffSetup = components['schemas']['StaffSetup'];

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
  role: StaffRole;
}

export function staffAccountsService({ em, config, keys, clock, outbox }: StaffAccountsDeps) {
  const issuer = `${config.productName} claims back office`;

  /** A new set-up link for `account`, its e-mail queued in `tx` (send it after the commit). */
  async function issueSetupLink(
    tx: EntityManager,
    account: StaffAccount,
    now: Date,
  ): Promise<{ link: string; outboxId: string }> {
    const token = newToken();
    tx.create(StaffSetupTokenSchema, {
      tokenHash: tokenHash(token),
      staff: account,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SETUP_LINK_HOURS * 3_600_000),
    });
    const link = `${config.publicUrl}/staff/setup/${token}`;
    const outboxId = await addToOutbox(
      tx,
      'staff-setup',
      account.email,
      staffSetupEmail(config.productName, account.name, link, SETUP_LINK_HOURS),
    );
    return { link, outboxId };
  }

  function newAccount(tx: EntityManager, input: NewStaff, now: Date): StaffAccount {
    return tx.create(StaffAccountSchema, {
      id: randomUUID(),
      email: input.email.trim().toLowerCase(),
      name: input.name.trim(),
      role: input.role,
      totpSecretSealed: sealTotpSecret(newTotpSecret(), keys),
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
            detail: { accountId: created.id, role: created.role },
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

    /** What the set-up page shows: the account and its authenticator enrolment. */
    async setup(token: string): Promise<StaffSetup> {
      const { account } = await openSetupToken(em.fork(), token, false);
      const secret = openTotpSecret(account.totpSecretSealed, keys);
      const uri = totpUri(issuer, account.email, secret);
      return {
        email: account.email,
        name: account.name,
        role: account.role,
        totpSecret: secret,
        totpUri: uri,
        qrCodeDataUrl: await qrCodeDataUrl(uri),
      };
    },

    /**
     * Sets the password and confirms the authenticator with a current code (a wrong one is a
     * ValidationFailure on `code`); the link is then used up.
     */
    async completeSetup(token: string, password: string, code: string): Promise<void> {
      const passwordHash = await hashPassword(password);
      const now = clock();
      await em.fork().transactional(async (tx) => {
        const { row, account } = await openSetupToken(tx, token, true);
        const secret = openTotpSecret(account.totpSecretSealed, keys);
        const step = await acceptedTotpStep(secret, code, now, account.totpLastStep ?? null);
        if (step === undefined)
          throw ValidationFailure.of('code', 'totp', StaffSetupRequestRules.code.message);
        account.passwordHash = passwordHash;
        account.totpLastStep = step;
        account.setupCompletedAt = now;
        row.usedAt = now;
        recordStaffAudit(tx, { staffId: account.id, action: 'staff.setup_completed' });
      });
    },

    /**
     * Start-up: while no admin has completed set-up, the STAFF_ADMIN_EMAIL account (created as
     * an admin when missing) gets a fresh set-up link by e-mail. Answers the link, for the
     * launch banner outside production; undefined when nothing was needed.
     */
    async ensureFirstAdmin(): Promise<string | undefined> {
      const email = config.staffAdminEmail;
      if (!email) return undefined;
      const now = clock();
      try {
        const issued = await em.fork().transactional(async (tx) => {
          const ready = await tx.count(StaffAccountSchema, {
            role: 'admin',
            setupCompletedAt: { $ne: null },
          });
          if (ready) return undefined;
          let account = await tx.findOne(StaffAccountSchema, { email });
          if (account && account.role !== 'admin') return undefined;
          if (!account) {
            account = newAccount(tx, { email, name: 'Administrator', role: 'admin' }, now);
            recordStaffAudit(tx, {
              staffId: null,
              action: 'staff.account_created',
              detail: { accountId: account.id, role: 'admin', source: 'STAFF_ADMIN_EMAIL' },
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
