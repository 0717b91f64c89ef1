import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { ConfigError } from '../../../config/config.ts';
import { deleteSessionsOfOtherKeys } from './staff-session.ts';
import { openTotpSecretOf, type StaffKeys } from './staff-secrets.ts';

/**
 * At start-up: every sealed TOTP secret is opened with STAFF_SECRET_KEY (or
 * STAFF_SECRET_KEY_PREVIOUS). When none opens, the key is wrong and start-up stops with a
 * message saying so, rather than every sign-in failing with a 500. When only some do not (an
 * account sealed under a key older than the previous one), those accounts are counted in a
 * warning: they need a reset. Sessions made under another key are deleted (they have ended).
 */
export async function checkStaffKeys(
  em: EntityManager,
  keys: StaffKeys,
  logger: Logger,
): Promise<void> {
  const rows = await em
    .fork()
    .getConnection()
    .execute<Array<{ sealed: Buffer }>>(
      'select totp_secret_sealed as sealed from staff_account where totp_secret_sealed is not null',
    );
  let unreadable = 0;
  for (const { sealed } of rows) {
    try {
      openTotpSecretOf(sealed, keys);
    } catch {
      unreadable += 1;
    }
  }
  if (rows.length > 0 && unreadable === rows.length)
    throw new ConfigError(
      `STAFF_SECRET_KEY opens none of the ${rows.length} sealed TOTP secrets: it is not the key they were sealed with. Set it back, or set STAFF_SECRET_KEY_PREVIOUS to that key while rotating (docs/deploy.md)`,
    );
  if (unreadable > 0)
    logger.warn(
      { accounts: unreadable },
      'some staff TOTP secrets open with neither STAFF_SECRET_KEY nor STAFF_SECRET_KEY_PREVIOUS: those accounts need a reset',
    );
  const ended = await deleteSessionsOfOtherKeys(em.fork(), keys.id);
  if (ended > 0) logger.info({ sessions: ended }, 'staff sessions made under a previous key ended');
}
