import { Ajv2020 } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import { schemaFindings } from '@prize/test-kit/contract-violations';
import type { HeaderObject, ReferenceObject, ResponseObject } from 'openapi-typescript';
import { expect } from 'vitest';
import type { ApiResponse } from './api.ts';
import { contract, contractOperations } from './scenario.ts';

// The contract is OpenAPI 3.1: its schemas are JSON Schema 2020-12. The whole document is added
// once, and each answer is checked against a `$ref` into it, so the schemas' own `$ref`s resolve.
const CONTRACT_ID = 'contract.json';
const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
// ajv-formats is CommonJS: its plugin is the `default` of what Node's default import gives.
ajvFormats.default(ajv);
ajv.addSchema(contract as object, CONTRACT_ID);

const escape = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

function nodeAt<T>(pointer: string): T | undefined {
  return pointer
    .split('/')
    .slice(1)
    .reduce<unknown>(
      (parent, key) =>
        (parent as Record<string, unknown> | undefined)?.[
          key.replace(/~1/g, '/').replace(/~0/g, '~')
        ],
      contract,
    ) as T | undefined;
}

/**
 * Where ajv finds a node of the bundled contract: its own JSON pointer, or its `$ref`'s target.
 * ajv compiles the bundled document (the dereferenced one is cyclic, which ajv cannot take), so
 * the pointer it is given must name where the node is written.
 */
function target(pointer: string): string {
  let at = pointer;
  for (let depth = 0; depth < 20; depth++) {
    const node = nodeAt<ReferenceObject>(at);
    if (typeof node?.$ref !== 'string') return at;
    at = node.$ref.replace(/^#/, '');
  }
  return at;
}

/**
 * The check Prism's proxy makes of every answer it forwards (`--errors`), for an answer that went
 * straight to the real server (`direct`): the operation lists its status, the content type is one
 * the contract names for it, the body is valid against that schema, and required headers are sent.
 */
export function expectAnswerWithinContract(response: ApiResponse, operationId: string): void {
  const found = contractOperations().find((candidate) => candidate.operationId === operationId);
  if (!found) throw new Error(`${operationId} is not an operation of the contract`);
  const what = `${operationId} answer ${response.status}`;
  const responses = found.operation.responses ?? {};
  const status = [String(response.status), `${String(response.status)[0]}XX`, 'default'].find(
    (key) => key in responses,
  );
  expect(status, `${what}: the contract lists no such answer`).toBeDefined();
  const responsePointer = target(
    `/paths/${escape(found.path)}/${found.method.toLowerCase()}/responses/${status!}`,
  );
  const declared = nodeAt<ResponseObject>(responsePointer);
  for (const name of Object.keys(declared?.headers ?? {})) {
    const header = nodeAt<HeaderObject>(target(`${responsePointer}/headers/${escape(name)}`));
    if (header?.required)
      expect(response.headers.get(name), `${what}: header ${name}`).not.toBeNull();
  }
  const mediaTypes = Object.keys(declared?.content ?? {});
  if (mediaTypes.length === 0) {
    expect(response.bytes.length, `${what}: the contract names no body`).toBe(0);
    return;
  }
  const mediaType = response.contentType.split(';')[0]!.trim();
  expect(mediaTypes, `${what}: content type ${mediaType}`).toContain(mediaType);
  if (!/[/+]json$/.test(mediaType)) return;
  const schemaRef = `${CONTRACT_ID}#${responsePointer}/content/${escape(mediaType)}/schema`;
  const validate = ajv.getSchema(schemaRef) ?? ajv.compile({ $ref: schemaRef });
  const valid = validate(response.body);
  expect(
    valid,
    `${what}: the body breaks the contract:\n  ${schemaFindings(validate.errors).join('\n  ')}\n${JSON.stringify(response.body)}`,
  ).toBe(true);
}
