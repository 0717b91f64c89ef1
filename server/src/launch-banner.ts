import type { Config } from './config/config.ts';

export interface BannerFacts {
  config: Config;
  /** The embedded inbox, when the launcher started one. */
  mail?: { inboxUrl: string; smtpUrl: string };
  /** The embedded PostgreSQL's data folder, when the launcher started one. */
  postgresDataDir?: string;
  /** Where the operator token was read from: the file the launcher keeps it in, or the environment. */
  operatorTokenFile?: string;
  /** The first staff admin's one-time set-up link, shown outside production only. */
  staffSetupLink?: string;
}

/**
 * What `make start` prints once it serves. Terminal output gets logged and shared: the operator
 * token is named by where it is kept, never shown. The first admin's set-up link is shown outside
 * production (it is also e-mailed): it works once, and only until that admin has used it.
 */
export function startupBanner({
  config,
  mail,
  postgresDataDir,
  operatorTokenFile,
  staffSetupLink,
}: BannerFacts): string {
  return [
    '',
    `  Claim service   ${config.publicUrl}/`,
    `  API health      ${config.publicUrl}/api/v1/health`,
    mail
      ? `  Mail inbox      ${mail.inboxUrl}  (SMTP ${mail.smtpUrl})`
      : `  Mail            ${new URL(config.smtpUrl).host} (SMTP_URL)`,
    postgresDataDir
      ? `  PostgreSQL      embedded, data in ${postgresDataDir}`
      : '  PostgreSQL      DATABASE_URL',
    operatorTokenFile
      ? `  Operator token  in ${operatorTokenFile}`
      : '  Operator token  OPERATOR_API_TOKEN',
    ...(staffSetupLink && !config.production
      ? [`  Staff set-up    ${staffSetupLink}  (the first admin's, once)`]
      : []),
    '',
    '  Press Ctrl-C to stop.',
    '',
  ].join('\n');
}
