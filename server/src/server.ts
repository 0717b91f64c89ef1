import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { createApp, DEFAULT_CLIENT_SHELL } from './app.ts';
import { settingsMeta } from './http/client-app.ts';
import { pageShells } from './http/page-shells.ts';
import { placeholderLinks, type Config } from './config/config.ts';
import { migrate, openDatabase, type Database } from './db/orm.ts';
import { loadContract, loadDereferencedContract } from './http/openapi.ts';
import { addressLimits } from './modules/address/address-limits.ts';
import { addressCors, addressRoutes } from './modules/address/address.routes.ts';
import type { AddressProvider } from './modules/address/address-provider.ts';
import {
  createAddressProvider,
  prepareAddressIndex,
} from './modules/address/create-address-provider.ts';
import { deliveryPoints } from './modules/address/delivery-point.ts';
import { loqateLayoutErrors, loqateLayoutQuery } from './modules/address/loqate-layout.ts';
import { nativePool } from './db/native-pool.ts';
import { claimRoutes } from './modules/claim/claim.routes.ts';
import { claimService } from './modules/claim/claim.service.ts';
import { personalDetailsRules, submissionRules } from './modules/claim/claim.rules.ts';
import { clamdScanner } from './modules/files/malware-scan.ts';
import { startSanitizer } from './modules/files/sanitize.ts';
import { createStorage } from './modules/files/create-storage.ts';
import {
  localIdentityProvider,
  type IdentityProvider,
} from './modules/identity/identity-provider.ts';
import { batchingJobSender } from './modules/jobs/job-sender.ts';
import { scheduleMaintenance } from './modules/maintenance/maintenance.ts';
import { startQueue } from './modules/jobs/queue.ts';
import { smtpMailer } from './modules/mail/mailer.ts';
import { outboxPump } from './modules/mail/outbox-pump.ts';
import { asyncCommitPool } from './db/async-commit-pool.ts';
import { infoRequestRoutes } from './modules/info-request/info-request.routes.ts';
import { identityCheckService } from './modules/identity/identity-check.service.ts';
import { identityRoutes } from './modules/identity/identity.routes.ts';
import { overseasByOmission } from './modules/identity/overseas-by-omission.ts';
import { draftRoutes } from './modules/save-and-return/draft.routes.ts';
import { draftService } from './modules/save-and-return/draft.service.ts';
import { claimUploadRoute, infoRequestUploadRoute } from './modules/upload/upload.routes.ts';
import { uploadService } from './modules/upload/upload.service.ts';
import { infoRequestService } from './modules/info-request/info-request.service.ts';
import { operatorGate, operatorRoutes } from './modules/operator/operator.routes.ts';
import { operatorService } from './modules/operator/operator.service.ts';
import { readiness, startingHandler } from './modules/health/readiness.ts';
import {
  staffAccountsGate,
  staffAccountsRoutes,
} from './modules/staff/accounts/staff-accounts.routes.ts';
import { staffAccountsService } from './modules/staff/accounts/staff-accounts.service.ts';
import { ownAccountRoutes } from './modules/staff/accounts/own-account.routes.ts';
import { ownAccountService } from './modules/staff/accounts/own-account.service.ts';
import { staffGate } from './modules/staff/auth/require-staff.ts';
import { staffAuthRoutes } from './modules/staff/auth/staff-auth.routes.ts';
import { LOCK_MINUTES, staffAuthService } from './modules/staff/auth/staff-auth.service.ts';
import { staffKeys } from './modules/staff/auth/staff-secrets.ts';
import { checkStaffKeys } from './modules/staff/auth/staff-key-check.ts';
import { limitPasswordChecks } from './modules/staff/auth/passwords.ts';
import { signInCounts } from './modules/staff/auth/sign-in-counts.ts';
import { rateLimiter } from './http/rate-limit.ts';
import { claimProcessService } from './modules/claim-process/claim-process.service.ts';
import { claimProgressService } from './modules/claim-process/claim-progress.service.ts';
import { claimProgressRoutes } from './modules/claim-process/claim-progress.routes.ts';
import { staffClaimRoutes } from './modules/claim-process/staff-claims.routes.ts';
import {
  dataProtectionGate,
  dataProtectionRoutes,
} from './modules/data-protection/data-protection.routes.ts';
import { dataProtectionService } from './modules/data-protection/data-protection.service.ts';
import { gaugeSources } from './modules/metrics/gauge-sources.ts';
import { setGaugeSources } from './modules/metrics/metrics.ts';
import { startMetricsListener, type MetricsListener } from './modules/metrics/metrics-listener.ts';

export interface RunningServer {
  url: string;
  server: http.Server;
  orm: Database;
  /** The first admin's set-up link when start-up issued one (STAFF_ADMIN_EMAIL): for the launch banner, never the log. */
  staffSetupLink?: string;
  /** The separate /metrics listener's URL when METRICS_PORT is set. */
  metricsUrl?: string;
  /** Stops accepting connections, lets in-flight requests finish, then closes every pool. */
  close(): Promise<void>;
}

export interface ServerOptions {
  /** The built client to serve (client/dist by default). */
  clientDist?: string;
  validateResponses?: boolean;
  /** Seconds before the first retry of a failed e-mail (doubled each time). */
  emailRetryDelaySeconds?: number;
  /** Replaces the configured identity-check provider (tests of its failures). */
  identity?: IdentityProvider;
  identityTimeoutMs?: number;
  /** Replaces the configured address provider (tests of its failures). */
  addressProvider?: AddressProvider;
  /** The virus scan's overall time limit (default 30 s). */
  scanTimeoutMs?: number;
  /** A job-queue schema of its own (tests that run several servers on one database). */
  jobSchema?: string;
  /** The staff module's clock (sessions, lock-outs, TOTP): tests move it on. */
  staffClock?: () => Date;
  /**
   * Open every sealed TOTP secret at start-up (a wrong STAFF_SECRET_KEY stops it) and end the
   * sessions of other keys: on by default; off for test servers sharing one database under
   * keys of their own.
   */
  staffKeyCheck?: boolean;
}

/**
 * The composition root: every dependency is built here and handed down. The listener opens first,
 * answering only the health probes (alive, not ready) while the database is opened and migrated,
 * so an orchestrator neither kills a slow migration nor routes traffic to it.
 */
export async function startServer(
  config: Config,
  logger: Logger,
  options: ServerOptions = {},
): Promise<RunningServer> {
  const state = readiness();
  const server = http.createServer(startingHandler(state));
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  try {
    return await serve(server, state, config, logger, options);
  } catch (error) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    throw error;
  }
}

async function serve(
  server: http.Server,
  state: ReturnType<typeof readiness>,
  config: Config,
  logger: Logger,
  options: ServerOptions,
): Promise<RunningServer> {
  // Warned, not refused: the links are the operator's pages, and a claim can be made without them.
  if (config.production) {
    for (const setting of placeholderLinks(config))
      logger.warn(
        { setting },
        `${setting} is a placeholder address: the pages link claimants to it`,
      );
  }
  const orm = await openDatabase(config.databaseUrl, logger);
  await migrate(orm);
  const keys = staffKeys(config.staffSecretKey, config.staffSecretKeyPrevious);
  // A wrong STAFF_SECRET_KEY stops start-up here, rather than failing every sign-in.
  if (options.staffKeyCheck ?? true)
    await checkStaffKeys(orm.em, keys, logger).catch(async (error: unknown) => {
      await orm.close();
      throw error;
    });
  await prepareAddressIndex(config, orm, logger);
  const boss = await startQueue({
    databaseUrl: config.databaseUrl,
    logger,
    schema: options.jobSchema,
  });
  const storage = createStorage(config, logger);
  const identity = options.identity ?? localIdentityProvider(config.identityDocsPolicy);
  const addressProvider = options.addressProvider ?? createAddressProvider({ config, orm, logger });
  const jobs = batchingJobSender(boss);
  const pool = await nativePool(orm);
  // The outbox's bookkeeping has a small pool of its own whose commits do not wait for the WAL flush.
  const mailPool = asyncCommitPool(config.databaseUrl, 2, logger);
  // Staff sign-in counts its attempts on two connections of its own, which do not wait for the
  // WAL flush (a crash may forget the last moment's counts of a 15-minute window): a burst of
  // sign-ins neither takes the claimants' connections nor queues them behind its commits.
  const signInPool = asyncCommitPool(config.databaseUrl, 2, logger);
  const mailer = smtpMailer(config.smtpUrl, config.mailFrom, { requireTls: config.smtpRequireTls });
  const outbox = outboxPump({
    pool: mailPool,
    mailer,
    logger,
    retryDelaySeconds: options.emailRetryDelaySeconds ?? 30,
  });
  const claims = claimService({ config, em: orm.em, pool, outbox });
  const infoRequests = infoRequestService({ config, em: orm.em, outbox });
  const identityChecks = identityCheckService({
    em: orm.em,
    identity,
    identityTimeoutMs: options.identityTimeoutMs ?? 10_000,
    deliveryPoints: deliveryPoints(addressProvider, logger),
    claims,
    requests: infoRequests,
  });
  const uploads = uploadService({
    config,
    em: orm.em,
    jobs,
    storage,
    scanner: config.clamav && clamdScanner(config.clamav, options.scanTimeoutMs),
  });
  const drafts = draftService({ config, em: orm.em, claims, requests: infoRequests });
  const operator = operatorService({ em: orm.em, storage, infoRequests });
  const claimProcess = claimProcessService({
    config,
    em: orm.em,
    outbox,
    storage,
    infoRequests,
  });
  await startSanitizer(boss, orm.em, storage, logger, { memoryBytes: config.imageDecodeMemory });
  await scheduleMaintenance({
    boss,
    jobs,
    outbox,
    em: orm.em,
    storage,
    inactivityMinutes: config.claimInactivityMinutes,
    logger,
    retention: config.retention,
  });

  limitPasswordChecks(config.staffPasswordChecksConcurrent);
  const staff = {
    em: orm.em,
    keys,
    lifetime: {
      idleMinutes: config.staffSessionIdleMinutes,
      maxHours: config.staffSessionMaxHours,
    },
    clock: options.staffClock ?? (() => new Date()),
  };
  const staffAccounts = staffAccountsService({ ...staff, config, outbox });
  const staffAuth = staffAuthService({
    ...staff,
    attempts: rateLimiter(signInPool, {
      name: 'staff-sign-in-client',
      points: config.staffSignInFailuresPerClient,
      durationSeconds: 15 * 60,
    }),
    pairs: signInCounts(signInPool, LOCK_MINUTES),
    rateLimitSecret: config.rateLimitSecret,
  });

  const contract = loadContract();
  const addressLookupLimits = addressLimits(pool, {
    perClient: config.addressLimitPerClient,
    perClaim: config.addressLimitPerClaim,
    concurrency: config.addressConcurrency,
    secret: config.rateLimitSecret,
  });
  const uploadLimits = { maxFileSize: config.maxFileSize, minFreeSpace: config.uploadMinFreeSpace };
  const claimUploads = claimUploadRoute(claims, uploads, storage, uploadLimits);
  const infoRequestUploads = infoRequestUploadRoute(infoRequests, uploads, storage, uploadLimits);
  // Each claimant page's shell, rendered before the instance serves. A client of a test's own
  // (clientDist) has no prerender bundle beside it.
  const shells = pageShells(
    options.clientDist ? undefined : DEFAULT_CLIENT_SHELL,
    settingsMeta(config),
    logger,
  );
  await shells.ready;
  const app = createApp({
    config,
    logger,
    orm,
    contract,
    validateResponses: options.validateResponses,
    clientDist: options.clientDist,
    pageShells: shells,
    bodyRules: {
      submitIdentity: personalDetailsRules,
      submitInfoRequestIdentity: (body) => personalDetailsRules(overseasByOmission(body)),
      submitClaim: submissionRules,
    },
    beforeValidation: [
      staffGate(staff),
      staffAccountsGate(),
      dataProtectionGate(),
      operatorGate({
        token: config.operatorApiToken,
        pool,
        logger,
        rateLimitSecret: config.rateLimitSecret,
        failuresPerClient: config.operatorFailuresPerClient,
      }),
      addressCors(config.addressCorsOrigins),
      loqateLayoutQuery(loadDereferencedContract()),
      claimUploads.receive,
      infoRequestUploads.receive,
    ],
    readiness: state,
    routes: [
      claimUploads.handle,
      infoRequestUploads.handle,
      draftRoutes(drafts),
      infoRequestRoutes(infoRequests),
      identityRoutes(identityChecks),
      claimRoutes(claims),
      operatorRoutes(operator),
      staffAuthRoutes(staffAuth, staffAccounts, config.publicUrl),
      staffAccountsRoutes(staffAccounts),
      ownAccountRoutes(ownAccountService(staff), staffAuth),
      staffClaimRoutes(claimProcess),
      dataProtectionRoutes(dataProtectionService({ em: orm.em, storage, clock: staff.clock })),
      claimProgressRoutes(claimProgressService({ config, em: orm.em })),
      addressRoutes({ addressProvider, limits: addressLookupLimits }),
    ],
    errorHandlers: [loqateLayoutErrors()],
  });
  setGaugeSources(gaugeSources(orm.em, boss, { orm: pool, outbox: mailPool }));
  const metrics: MetricsListener | undefined =
    config.metricsPort === undefined
      ? undefined
      : await startMetricsListener(config.metricsPort, config.metricsHost);
  server.removeAllListeners('request');
  server.on('request', app);
  // A failure here leaves the back office without its first admin until the next start, not the claim service down.
  const staffSetupLink = await staffAccounts.ensureFirstAdmin().catch((error: unknown) => {
    logger.error({ type: (error as Error).name }, 'the first staff admin could not be set up');
    return undefined;
  });
  state.attach(orm, storage);
  state.phase = 'serving';
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> =>
    (closing ??= (async () => {
      // Readiness fails at once; the listener stays open a moment (DRAIN_SECONDS) so the load
      // balancer sees that and stops sending before connections are refused.
      state.phase = 'draining';
      if (config.drainSeconds)
        await new Promise((resolve) => setTimeout(resolve, config.drainSeconds * 1000));
      // In-flight requests (uploads included) finish; keep-alive connections close as they go idle.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const force = setTimeout(
        () => server.closeAllConnections(),
        config.shutdownGraceSeconds * 1000,
      );
      await closed;
      clearTimeout(force);
      await metrics?.close();
      await boss.stop({ graceful: true, timeout: 5_000 }).catch(() => undefined);
      await outbox.stop();
      mailer.close();
      await mailPool.end().catch(() => undefined);
      await signInPool.end().catch(() => undefined);
      await orm.close();
    })());
  return {
    url: `http://${config.host}:${port}`,
    server,
    orm,
    staffSetupLink,
    metricsUrl: metrics?.url,
    close,
  };
}
