import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type {
  ExampleObject,
  MediaTypeObject,
  OpenAPI3,
  OperationObject,
  ParameterObject,
  PathItemObject,
  RequestBodyObject,
} from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import { api, expectGeneralError, isReal, operatorToken } from './api.ts';
import { png, uploadForm } from './files.ts';
import { PENDING_ON_REAL_SERVER, SKIPPED_ON_REAL_SERVER } from './pending.ts';

const generated = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../generated');
/** The bundled contract as published (local `$ref`s kept): what ajv compiles answers against. */
export const contract = JSON.parse(
  fs.readFileSync(path.join(generated, 'openapi.json'), 'utf8'),
) as OpenAPI3;
/**
 * The same contract with every `$ref` replaced by its target (make generate's one dereferencing
 * step): what the scenarios read operations, parameters and examples from.
 */
export const dereferenced = parse(
  fs.readFileSync(path.join(generated, 'openapi.dereferenced.yaml'), 'utf8'),
  { maxAliasCount: -1 },
) as OpenAPI3;

export interface ContractOperation {
  operationId: string;
  method: string;
  path: string;
  tags: string[];
  operation: OperationObject;
  parameters: ParameterObject[];
}

export function contractOperations(): ContractOperation[] {
  const found: ContractOperation[] = [];
  for (const [route, entry] of Object.entries(dereferenced.paths ?? {})) {
    const item = entry as PathItemObject;
    for (const method of ['get', 'put', 'post', 'patch', 'delete'] as const) {
      const operation = item[method] as OperationObject | undefined;
      if (!operation) continue;
      found.push({
        operationId: operation.operationId ?? '',
        method: method.toUpperCase(),
        path: route,
        tags: operation.tags ?? [],
        operation,
        parameters: [
          ...(item.parameters ?? []),
          ...(operation.parameters ?? []),
        ] as ParameterObject[],
      });
    }
  }
  return found;
}

function firstExample(media: MediaTypeObject): unknown {
  if (media.example !== undefined) return media.example;
  const first = Object.values(media.examples ?? {})[0];
  return (first as ExampleObject | undefined)?.value;
}

/**
 * A valid request for the operation, built from the contract's own examples, sent straight to
 * the real server (Prism's proxy answers an upstream 501 with a mock): it must answer 501 in the
 * general shape while the operation is pending.
 */
async function expectNotImplemented(operationId: string): Promise<void> {
  const found = contractOperations().find((candidate) => candidate.operationId === operationId);
  if (!found) throw new Error(`${operationId} is not an operation of the contract`);
  let url = found.path;
  const query: Record<string, string> = {};
  for (const parameter of found.parameters) {
    const example =
      parameter.example ??
      (parameter.schema as { examples?: unknown[] } | undefined)?.examples?.[0];
    if (parameter.in === 'path')
      url = url.replace(`{${parameter.name}}`, encodeURIComponent(String(example)));
    else if (parameter.in === 'query' && parameter.required)
      query[parameter.name] = String(example);
  }
  const content = (found.operation.requestBody as RequestBodyObject | undefined)?.content ?? {};
  const jsonMedia = content['application/json'];
  const formMedia = content['multipart/form-data'];
  let json: unknown;
  let body: FormData | undefined;
  if (jsonMedia) json = firstExample(jsonMedia);
  else if (formMedia) {
    const fields = firstExample(formMedia) as {
      type: string;
      fileName: string;
    };
    body = uploadForm(fields.type, fields.fileName, png());
  }
  const secured = (found.operation.security ?? contract.security ?? []).some(
    (requirement) => Object.keys(requirement).length > 0,
  );
  const response = await api(found.method, url, {
    json,
    body,
    query,
    bearer: secured ? operatorToken : undefined,
    direct: true,
  });
  expectGeneralError(response, 501);
}

/**
 * The scenarios of one operation. On the real target, a pending operation gets only its 501
 * probe, and a skipped one is reported as skipped; otherwise `define` declares its scenarios.
 */
export function operation(operationId: string, define: () => void): void {
  const exists = contractOperations().some((candidate) => candidate.operationId === operationId);
  if (!exists) throw new Error(`${operationId} is not an operation of the contract`);
  if (isReal && PENDING_ON_REAL_SERVER.has(operationId)) {
    describe(operationId, () => {
      it(`answers 501 in the general shape (501: not implemented yet)`, () =>
        expectNotImplemented(operationId));
    });
    return;
  }
  const skipped = isReal ? SKIPPED_ON_REAL_SERVER.get(operationId) : undefined;
  if (skipped) {
    describe.skip(`${operationId} (skipped on the real server: ${skipped})`, define);
    return;
  }
  describe(operationId, define);
}

/**
 * A scenario that needs other operations to work on the real server (a live claim token needs
 * startClaim and verifyClaim, ...). While one of them is pending there, it is skipped and says why.
 */
export function scenario(
  name: string,
  needs: string[],
  run: () => Promise<void>,
  timeout?: number,
): void {
  const blocked = isReal
    ? needs.filter((id) => PENDING_ON_REAL_SERVER.has(id) || SKIPPED_ON_REAL_SERVER.has(id))
    : [];
  if (blocked.length > 0)
    it.skip(`${name} (skipped on the real server: needs ${blocked.join(', ')})`, run);
  else it(name, run, timeout);
}

/** Mock only: an answer the mock can only give through `Prefer` and the real server only in states a test cannot reach quickly. */
export function mockOnly(name: string, why: string, run: () => Promise<void>): void {
  if (isReal) it.skip(`${name} (mock only: ${why})`, run);
  else it(name, run);
}

export { expect };

/** A precondition built once per file, on first use (so a skipped scenario never builds it). */
export function once<T>(build: () => Promise<T>): () => Promise<T> {
  let built: Promise<T> | undefined;
  return () => (built ??= build());
}

/** The statuses the contract lists for an operation, in the order given. */
export function listedStatuses(operationId: string, among: number[]): number[] {
  const found = contractOperations().find((candidate) => candidate.operationId === operationId);
  if (!found) throw new Error(`${operationId} is not an operation of the contract`);
  const listed = Object.keys(found.operation.responses ?? {}).map(Number);
  return among.filter((status) => listed.includes(status));
}
