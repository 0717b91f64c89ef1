import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type Express, type Router } from 'express';
import type { Logger } from 'pino';
import type { Config } from './config/config.ts';
import type { Database } from './db/orm.ts';
import { clientApp } from './http/client-app.ts';
import { contentTypeGuard } from './http/content-type-guard.ts';
import { errorHandler } from './http/error-handler.ts';
import { HttpError } from './http/errors.ts';
import { requestLogger } from './http/logger.ts';
import { fieldMessages, openApiValidator } from './http/openapi.ts';
import { queryKeyGuard } from './http/query-key-guard.ts';
import { securityHeaders } from './http/security-headers.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import type { Readiness } from './modules/health/readiness.ts';

export interface AppDependencies {
  config: Config;
  logger: Logger;
  orm: Database;
  /** Where the instance is in its life, for the readiness probe. */
  readiness: Readiness;
  contract: Record<string, unknown>;
  /** Routers that must see the raw request before validation (streaming uploads). */
  beforeValidation?: Router[];
  /** The feature modules' routes, behind the contract validator. */
  routes?: Router[];
  /** Tests turn this on so every answer is checked against the contract. */
  validateResponses?: boolean;
  clientDist?: string;
}

const defaultClientDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../client/dist');

/** Builds the application without listening: tests mount it on port 0. */
export function createApp(deps: AppDependencies): Express {
  const app = express();
  app.set('trust proxy', deps.config.trustProxy);
  app.set('etag', false);
  app.disable('x-powered-by');
  app.use(requestLogger(deps.logger));
  app.use(securityHeaders());
  app.use('/api', contentTypeGuard, queryKeyGuard, express.json({ limit: '64kb' }));
  for (const router of deps.beforeValidation ?? []) app.use(router);
  app.use(openApiValidator({ contract: deps.contract, validateResponses: deps.validateResponses ?? false }));
  app.use(healthRoutes(deps.orm, deps.readiness));
  for (const router of deps.routes ?? []) app.use(router);
  // Operations of the contract whose handlers have not landed yet: an honest 501.
  app.use('/api', (_req, _res, next) => next(new HttpError(501, 'This operation is not implemented yet')));
  app.use(clientApp(deps.clientDist ?? defaultClientDist, deps.config));
  app.use(errorHandler(deps.logger, fieldMessages(deps.contract)));
  return app;
}
