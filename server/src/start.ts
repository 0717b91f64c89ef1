import { ConfigError, loadConfig } from './config/config.ts';
import { createLogger } from './http/logger.ts';
import { tracingSettings } from './ops/tracing-settings.ts';

/** Entry point of one server process: configuration from the environment only. */
export async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(78);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  // Tracing patches express and pg as they load, so it starts before the server is imported;
  // with no OTLP endpoint set, no SDK, instrumentation or loader hook is loaded (docs/deploy.md).
  const tracingWanted = tracingSettings(process.env);
  const tracing = tracingWanted
    ? (await import('./ops/tracing.ts')).startTracing(tracingWanted)
    : undefined;
  const { startServer } = await import('./server.ts');
  let running;
  try {
    running = await startServer(config, logger);
  } catch (error) {
    // Settings only the database can judge (a STAFF_SECRET_KEY that opens none of the sealed secrets).
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(78);
    }
    throw error;
  }
  logger.info(`Listening on ${running.url}`);
  // On stdout, never through the logger: the link is a credential (it works once, for 72 hours).
  if (running.staffSetupLink && !config.production)
    process.stdout.write(`First staff admin's set-up link: ${running.staffSetupLink}\n`);
  const stop = (signal: string): void => {
    logger.info(`${signal}: finishing in-flight requests`);
    running
      .close()
      .then(() => tracing?.shutdown())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

if (import.meta.main) await main();
