import { pino, type Logger } from 'pino';
import type { RequestHandler } from 'express';
import { maskUrl, REDACT_PATHS } from './redaction.ts';

export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  return pino({ level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, destination as never);
}

/**
 * One line per request once it is answered or abandoned: method, masked path, status and timing
 * only; never bodies, headers or query strings. Written by hand rather than with pino-http, which
 * builds a child logger and runs its serialisers on every request, work this line does not need
 * (the cost measured is in docs/benchmarks.md).
 */
export function requestLogger(parent: Logger): RequestHandler {
  // Every field of these lines is built here from non-personal parts (the path is masked), so
  // they skip the redaction pass, which scans each line's keys for the paths of REDACT_PATHS.
  const logger = parent.child({}, { redact: [] });
  let lastId = 0;
  return (req, res, next) => {
    const id = ++lastId;
    const started = performance.now();
    res.once('close', () => {
      const statusCode = res.statusCode;
      // 'close' without a finished response: the client went away before the answer was sent.
      const aborted = !res.writableFinished;
      const level = statusCode >= 500 ? 'error' : aborted || statusCode >= 400 ? 'warn' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      const url = maskUrl(req.originalUrl);
      logger[level](
        { req: { id, method: req.method, url }, res: { statusCode }, responseTime: Math.round(performance.now() - started) },
        `${req.method} ${url} ${aborted ? 'aborted' : statusCode}`,
      );
    });
    next();
  };
}
