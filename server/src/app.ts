import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, {
  type ErrorRequestHandler,
  type Express,
  type RequestHandler,
  type Router,
} from 'express';
import type { Logger } from 'pino';
import type { Config } from './config/config.ts';
import type { Database } from './db/orm.ts';
import { clientApp } from './http/client-app.ts';
import type { PageShells } from './http/page-shells.ts';
import { contentTypeGuard } from './http/content-type-guard.ts';
import { errorHandler } from './http/error-handler.ts';
import { HttpError } from './http/errors.ts';
import { requestLogger } from './http/logger.ts';
import type { BodyRulesByOperation } from './http/rule-problems.ts';
import { fieldMessages, loadDereferencedContract, openApiValidator } from './http/openapi.ts';
import { queryKeyGuard } from './http/query-key-guard.ts';
import { securityHeaders } from './http/security-headers.ts';
import { apiDocsRoutes } from './modules/contract/api-docs.routes.ts';
import {
  publishedContractRoutes,
  readContractDocuments,
  type ContractDocuments,
} from './modules/contract/published-contract.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { requestMetrics } from './modules/metrics/request-metrics.ts';
import type { Readiness } from './modules/health/readiness.ts';

export interface AppDependencies {
  config: Config;
  logger: Logger;
  orm: Database;
  /** Where the instance is in its life, for the readiness probe. */
  readiness: Readiness;
  contract: Record<string, unknown>;
  /** Middleware that must see the raw request before validation (streaming uploads, CORS, the address proxy's Loqate-layout rewrite). */
  beforeValidation?: RequestHandler[];
  /** The feature modules' routes, behind the contract validator. */
  routes?: Router[];
  /** Error handlers of modules that answer some paths in a shape of their own (the address proxy's Loqate layout). */
  errorHandlers?: ErrorRequestHandler[];
  /** Tests turn this on so every answer is checked against the contract. */
  validateResponses?: boolean;
  clientDist?: string;
  /** The claimant pages' prerendered shells (http/page-shells.ts); without them pages go out as built. */
  pageShells?: PageShells;
  /** Rules run on a body the schema refused, so its 400 names every problem (docs/adr/016). */
  bodyRules?: BodyRulesByOperation;
  /** The bundled contract as published at /api/v1/openapi.json and .yaml (default: generated/). */
  contractDocuments?: ContractDocuments;
}

/**
 * The largest body the contract allows (the identity check's, every text field at its maximum
 * length with every character \u-escaped) is about 3 kB: anything much larger is not a real
 * request, and a smaller body bounds what its validation can cost.
 */
export const JSON_BODY_LIMIT = '8kb';

const defaultClientDist = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../client/dist',
);
/** `vite build --ssr`'s output beside it (client/package.json's build). */
export const DEFAULT_CLIENT_SHELL = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../client/dist-ssr/prerenderShell.js',
);

/** Builds the application without listening: tests mount it on port 0. */
export function createApp(deps: AppDependencies): Express {
  const app = express();
  app.set('trust proxy', deps.config.trustProxy);
  app.set('etag', false);
  app.disable('x-powered-by');
  app.use(requestLogger(deps.logger));
  app.use(requestMetrics(deps.contract));
  app.use(securityHeaders());
  // No client of ours compresses a request: refusing it (415) keeps a body's cost in line with its bytes sent.
  app.use(
    '/api',
    contentTypeGuard,
    queryKeyGuard,
    express.json({ limit: JSON_BODY_LIMIT, inflate: false }),
  );
  for (const router of deps.beforeValidation ?? []) app.use(router);
  // The reference page is HTML about the API, not an operation of it: outside the validator.
  app.use(apiDocsRoutes());
  app.use(
    openApiValidator({
      contract: deps.contract,
      validateResponses: deps.validateResponses ?? false,
    }),
  );
  app.use(healthRoutes(deps.orm, deps.readiness));
  app.use(publishedContractRoutes(deps.contractDocuments ?? readContractDocuments()));
  for (const router of deps.routes ?? []) app.use(router);
  // Operations of the contract whose handlers have not landed yet: an honest 501.
  app.use('/api', (_req, _res, next) =>
    next(new HttpError(501, 'This operation is not implemented yet')),
  );
  app.use(
    clientApp(deps.clientDist ?? defaultClientDist, deps.config, { shells: deps.pageShells }),
  );
  for (const handler of deps.errorHandlers ?? []) app.use(handler);
  app.use(errorHandler(deps.logger, fieldMessages(loadDereferencedContract()), deps.bodyRules));
  return app;
}
