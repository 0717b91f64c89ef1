/**
 * `make lint-deploy` (part of `make test`): the facts docs/deploy.md states about the Dockerfile
 * and deploy/compose.yaml, checked as text because no container engine runs on the build machines
 * (docs/deploy.md, "Container image"), and that it names every setting the server reads. The
 * linters (dockerfile-utils, dclint) run before it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const repo = path.resolve(import.meta.dirname, '..');
const problems: string[] = [];
const expect = (ok: boolean, what: string): void => {
  if (!ok) problems.push(what);
};

// Dockerfile: the final stage (after the last FROM).
const dockerfile = fs.readFileSync(path.join(repo, 'Dockerfile'), 'utf8');
const stages = dockerfile.split(/^FROM /m);
const final = `FROM ${stages.at(-1)}`;
expect(!/:latest\b/.test(dockerfile), 'Dockerfile: a base image pinned to a release, not latest');
expect(
  /^RUN npm ci --omit=dev -w server\b/m.test(final),
  'Dockerfile: the final stage installs exactly `npm ci --omit=dev -w server`',
);
expect(
  !/COPY --from=\S+ \S*node_modules/.test(final),
  "Dockerfile: the final stage copies no node_modules from the build stage (it would carry every workspace's dependencies)",
);
const user = /^USER (\S+)/m.exec(final)?.[1];
expect(
  !!user && user !== 'root' && user !== '0',
  'Dockerfile: the final stage runs as a non-root USER',
);
expect(/^HEALTHCHECK /m.test(final), 'Dockerfile: the final stage has a HEALTHCHECK');
expect(
  /server\/dist/.test(final),
  "Dockerfile: the final stage carries the server's built assets (server/dist)",
);
expect(
  /client\/dist-ssr/.test(final),
  "Dockerfile: the final stage carries the client's prerender bundle (client/dist-ssr)",
);

// Compose.
interface Service {
  image?: string;
  environment?: Record<string, string>;
  stop_grace_period?: string;
}
const compose = parse(fs.readFileSync(path.join(repo, 'deploy/compose.yaml'), 'utf8'), {
  merge: true,
}) as { services: Record<string, Service> };
const seconds = (value: string | undefined): number => {
  const match = /^(\d+)s$/.exec(value ?? '');
  return match ? Number(match[1]) : NaN;
};
for (const [name, service] of Object.entries(compose.services)) {
  if (service.image)
    expect(
      /:[^:]+$/.test(service.image) && !/:(latest|stable)$/.test(service.image),
      `compose: ${name}'s image pinned to a release (${service.image})`,
    );
  const env = service.environment ?? {};
  if (!env.DATABASE_URL || !env.PUBLIC_URL) continue;
  // An application instance.
  const dialled = new URL(env.DATABASE_URL);
  const pooler = compose.services[dialled.hostname];
  expect(!!pooler, `compose: ${name} dials ${dialled.hostname}, which is a service`);
  const listens = pooler?.environment?.LISTEN_PORT ?? '5432';
  expect(
    listens === (dialled.port || '5432'),
    `compose: ${name} dials ${dialled.host} while ${dialled.hostname} listens on ${listens}`,
  );
  const needed = Number(env.DRAIN_SECONDS ?? 0) + Number(env.SHUTDOWN_GRACE_SECONDS ?? 10) + 10;
  expect(
    seconds(service.stop_grace_period) > needed,
    `compose: ${name}'s stop_grace_period (${service.stop_grace_period}) exceeds DRAIN_SECONDS + SHUTDOWN_GRACE_SECONDS + 10 = ${needed}s`,
  );
  expect(
    !!env.ADDRESS_PROVIDER,
    `compose: ${name} chooses ADDRESS_PROVIDER (production refuses to guess)`,
  );
  expect(
    !env.STAFF_ADMIN_EMAIL || !!env.STAFF_SECRET_KEY,
    `compose: ${name} sets STAFF_SECRET_KEY with STAFF_ADMIN_EMAIL`,
  );
}

// docs/deploy.md names every setting the server reads (server/src/config/config.ts reads them all
// as `env.NAME`, `env['NAME']` or a helper's `env, 'NAME'`): a new one cannot be left out.
const configSource = fs.readFileSync(path.join(repo, 'server/src/config/config.ts'), 'utf8');
const deployDoc = fs.readFileSync(path.join(repo, 'docs/deploy.md'), 'utf8');
const settings = new Set(
  [
    ...configSource.matchAll(
      /\benv(?:\.([A-Z][A-Z0-9_]+)|\[\s*'([A-Z][A-Z0-9_]+)'|,\s*'([A-Z][A-Z0-9_]+)')/g,
    ),
  ].map((match) => match[1] ?? match[2] ?? match[3] ?? ''),
);
expect(
  settings.size > 40,
  `config.ts: its settings found (${settings.size}; the pattern is stale)`,
);
for (const name of settings)
  expect(
    new RegExp(`\\b${name}\\b`).test(deployDoc),
    `docs/deploy.md: names ${name}, which server/src/config/config.ts reads`,
  );

if (problems.length) {
  console.error(
    `The deployment files do not hold what docs/deploy.md says:\n  ${problems.join('\n  ')}`,
  );
  process.exit(1);
}
console.log(
  `Dockerfile and deploy/compose.yaml hold what docs/deploy.md says; it names all ${settings.size} settings of config.ts.`,
);
