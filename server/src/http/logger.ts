import { pino, type DestinationStream, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { maskUrl, REDACT_PATHS } from './redaction.ts';

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}

/** The URL as the app received it (Express rewrites `req.url` inside routers), masked. */
function loggedUrl(req: IncomingMessage): string {
  return maskUrl((req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url);
}

/** 'close' without a finished response: the client went away before the answer was sent. */
function aborted(res: ServerResponse): boolean {
  return !res.writableFinished;
}

/**
 * One line per request once it is answered or abandoned: method, masked path, status and timing
 * only. The serialisers replace pino-http's standard ones so that headers, bodies, query strings
 * and remote addresses never reach a line, and link tokens in paths are masked (redaction.ts).
 */
export function requestLogger(parent: Logger): RequestHandler {
  return pinoHttp({
    logger: parent,
    serializers: {
      req: (req: { id: unknown; method: string; raw: IncomingMessage }) => ({
        id: req.id,
        method: req.method,
        url: loggedUrl(req.raw),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, err) =>
      err || res.statusCode >= 500
        ? 'error'
        : aborted(res) || res.statusCode >= 400
          ? 'warn'
          : 'info',
    customSuccessMessage: (req, res) =>
      `${req.method} ${loggedUrl(req)} ${aborted(res) ? 'aborted' : res.statusCode}`,
    customErrorMessage: (req, res) => `${req.method} ${loggedUrl(req)} ${res.statusCode}`,
    // The error handler logs the cause once, through safeError; the request line keeps only the
    // status, so an error's message (which may quote input) is not written twice.
    customErrorObject: (_req, _res, _err, line: { res: ServerResponse; responseTime: number }) => ({
      res: line.res,
      responseTime: line.responseTime,
    }),
  });
}
