// The contract's compatibility gate (make check-contract-compat): compares openapi/ with the last
// released contract (openapi/released/openapi.json) using api-smart-diff, and fails on a breaking
// change unless info.version's major was raised. Usage: node check.ts <released.json> <current.json>
import fs from 'node:fs';
import { apiCompare, type Diff } from 'api-smart-diff';

type Json = Record<string, unknown>;

export interface CompatReport {
  releasedVersion: string;
  currentVersion: string;
  /** Changes that can break a client built against the released contract. */
  breaking: string[];
  /** Every other change (additions, annotations), for the log and openapi/CHANGELOG.md. */
  others: string[];
  /** Problems that fail the gate, each naming the change or the version. */
  failures: string[];
  /** Hints that do not fail it. */
  warnings: string[];
}

const SEMVER = /^(\d+)\.(\d+)\.(\d+)(?:-[0-9A-Za-z.-]+)?$/;

function versionOf(document: Json): string {
  return String((document.info as Json | undefined)?.version ?? '');
}

function at(document: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>(
    (node, key) => (node as Record<PropertyKey, unknown> | undefined)?.[key],
    document,
  );
}

function describe(diff: Diff): string {
  const where = diff.path.map(String).join('.');
  const text = diff.description?.trim() ?? '';
  // api-smart-diff describes the first of several identical changes fully and the rest by place
  // only: the action and the value taken away or put in keep each line readable on its own.
  const value = diff.action === 'add' ? diff.after : diff.before;
  const what = `${diff.action}${value !== undefined && typeof value !== 'object' ? ` ${JSON.stringify(value)}` : ''}`;
  return `${text === '' ? `[${what}]` : `${text} (${what})`} at ${where}`;
}

/**
 * api-smart-diff classifies a property taken out of a request body as non-breaking (a client
 * may send less). Here request bodies refuse unknown properties, and a property still listed in
 * `required` can no longer be sent at all: either way clients built on the released contract
 * get a 400. The diff's merged document is dereferenced by api-smart-diff and still carries the
 * removed property's parent (with the current `required`), so it is read there by the diff's path.
 */
function removedRequestProperty(diff: Diff, merged: unknown): boolean {
  if (diff.action !== 'remove' || !diff.path.includes('requestBody')) return false;
  const [properties, name] = diff.path.slice(-2);
  if (properties !== 'properties' || typeof name !== 'string') return false;
  const parent = at(merged, diff.path.slice(0, -2)) as Json | undefined;
  if (!parent) return true;
  const required = Array.isArray(parent.required) ? parent.required : [];
  return required.includes(name) || parent.additionalProperties === false;
}

// A pattern that is one character class repeated (`^[...]*$` or `^[...]+$`) accepts a string
// exactly when it accepts each of its characters, so whether a replacement only widens it is
// decided by trying every code point once.
const ONE_CLASS = /^\^(\[(?:\\.|[^\]\\])*\])([*+])\$$/;

/**
 * api-smart-diff classifies every replaced request pattern as breaking. A repeated character
 * class replaced by one that accepts every character the old one did (and the same quantifier)
 * accepts every value the released contract accepted: a widening, not a break.
 */
export function widenedRequestPattern(diff: Diff): boolean {
  if (diff.action !== 'replace' || diff.path.at(-1) !== 'pattern') return false;
  if (typeof diff.before !== 'string' || typeof diff.after !== 'string') return false;
  const before = ONE_CLASS.exec(diff.before);
  const after = ONE_CLASS.exec(diff.after);
  if (!before || !after || before[2] !== after[2]) return false;
  const was = new RegExp(`^${before[1]}$`, 'u');
  const is = new RegExp(`^${after[1]}$`, 'u');
  for (let code = 0; code <= 0x10ffff; code++) {
    if (code >= 0xd800 && code <= 0xdfff) continue;
    const character = String.fromCodePoint(code);
    if (was.test(character) && !is.test(character)) return false;
  }
  return true;
}

export function checkCompatibility(released: Json, current: Json): CompatReport {
  const releasedVersion = versionOf(released);
  const currentVersion = versionOf(current);
  const report: CompatReport = {
    releasedVersion,
    currentVersion,
    breaking: [],
    others: [],
    failures: [],
    warnings: [],
  };
  const releasedSemver = SEMVER.exec(releasedVersion);
  const currentSemver = SEMVER.exec(currentVersion);
  if (!currentSemver)
    report.failures.push(
      `info.version '${currentVersion}' is not a semantic version (MAJOR.MINOR.PATCH)`,
    );
  if (!releasedSemver)
    report.failures.push(
      `the released contract's info.version '${releasedVersion}' is not a semantic version`,
    );

  // Components are judged where they are used: every path-level diff resolves the $refs (a
  // components-level diff has no request or response context, so its class means little).
  const { diffs, merged } = apiCompare(released, current);
  for (const diff of diffs) {
    if (diff.path[0] === 'components') continue;
    if (diff.path.length === 2 && diff.path[0] === 'info' && diff.path[1] === 'version') continue;
    const breaking =
      (diff.type === 'breaking' && !widenedRequestPattern(diff)) ||
      removedRequestProperty(diff, merged);
    (breaking ? report.breaking : report.others).push(describe(diff));
  }

  if (currentSemver && releasedSemver) {
    const majorRaised = Number(currentSemver[1]) > Number(releasedSemver[1]);
    if (report.breaking.length > 0 && !majorRaised) {
      report.failures.push(
        `breaking change${report.breaking.length > 1 ? 's' : ''} without a major version raise ` +
          `(released ${releasedVersion}, info.version ${currentVersion}):\n` +
          report.breaking.map((change) => `  - ${change}`).join('\n'),
      );
    }
    const changed = report.breaking.length + report.others.length > 0;
    if (changed && currentVersion === releasedVersion) {
      report.warnings.push(
        `the contract changed since ${releasedVersion} but info.version did not: raise the minor (additions) or the major (breaking)`,
      );
    }
  }
  return report;
}

function main(argv: string[]): number {
  const [releasedFile, currentFile] = argv;
  if (!releasedFile || !currentFile) {
    console.error(
      'usage: node scripts/contract-compat/check.ts <released openapi.json> <current openapi.json>',
    );
    return 2;
  }
  const read = (file: string): Json => JSON.parse(fs.readFileSync(file, 'utf8')) as Json;
  const report = checkCompatibility(read(releasedFile), read(currentFile));
  const changes = report.breaking.length + report.others.length;
  console.log(
    `contract ${report.currentVersion} against released ${report.releasedVersion}: ${changes} change(s), ${report.breaking.length} breaking`,
  );
  for (const change of report.others) console.log(`  ${change}`);
  for (const warning of report.warnings) console.warn(`warning: ${warning}`);
  for (const failure of report.failures) console.error(`contract compatibility: ${failure}`);
  if (report.failures.length > 0) {
    console.error(
      'Raise the major version of info.version in openapi/openapi.yaml (and note it in openapi/CHANGELOG.md), or undo the change.',
    );
    return 1;
  }
  return 0;
}

if (import.meta.main) process.exitCode = main(process.argv.slice(2));
