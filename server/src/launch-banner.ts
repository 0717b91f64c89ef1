import type { Config } from './config/config.ts';

export interface BannerFacts {
  config: Config;
  /** The embedded inbox, when the launcher started one or joined the one `make start` runs. */
  mail?: { inboxUrl: string; smtpUrl: string };
  /** The embedded PostgreSQL, when the launcher started one. */
  postgres?: { url: string; dataDir: string; passwordFile: string };
  /** `make serve`: this process joined the database of a running `make start`. */
  joined?: boolean;
  /** Where the operator token was read from: the file the launcher keeps it in, or the environment. */
  operatorTokenFile?: string;
  /** The first staff admin's one-time set-up link, shown outside production only. */
  staffSetupLink?: string;
  /** The local admin the launcher created because STAFF_ADMIN_EMAIL was unset (outside production). */
  localAdmin?: string;
}

/** The URL with its password replaced by a placeholder: the banner names where the password is. */
export function withoutPassword(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  if (url.password) url.password = 'PASSWORD';
  return url.toString();
}

/**
 * What `make start` prints once it serves. Terminal output gets logged and shared: the operator
 * token and the database password are named by where they are kept, never shown. The first
 * admin's set-up link is shown outside production (it is also e-mailed): it works once, and only
 * until that admin has used it.
 */
export function startupBanner({
  config,
  mail,
  postgres,
  joined,
  operatorTokenFile,
  staffSetupLink,
  localAdmin,
}: BannerFacts): string {
  const database = postgres
    ? [
        `  PostgreSQL      embedded, data in ${postgres.dataDir}`,
        `                  ${withoutPassword(postgres.url)}`,
        `                  (PASSWORD is in ${postgres.passwordFile}; make serve joins it)`,
      ]
    : [joined ? "  PostgreSQL      make start's (joined)" : '  PostgreSQL      DATABASE_URL'];
  const staff = config.production
    ? []
    : [
        `  Back office     ${config.publicUrl}/staff${localAdmin ? `  (local admin ${localAdmin})` : ''}`,
        ...(staffSetupLink
          ? [`  Staff set-up    ${staffSetupLink}  (the first admin's, once)`]
          : []),
      ];
  return [
    '',
    `  Claim service   ${config.publicUrl}/`,
    `  API health      ${config.publicUrl}/api/v1/health`,
    mail
      ? `  Mail inbox      ${mail.inboxUrl}  (SMTP ${mail.smtpUrl})`
      : `  Mail            ${new URL(config.smtpUrl).host} (SMTP_URL)`,
    ...database,
    operatorTokenFile
      ? `  Operator token  in ${operatorTokenFile}`
      : '  Operator token  OPERATOR_API_TOKEN',
    ...staff,
    '',
    '  Press Ctrl-C to stop.',
    '',
  ].join('\n');
}
