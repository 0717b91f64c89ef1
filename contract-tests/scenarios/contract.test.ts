import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unwrap } from '@prize/sdk';
import { api, expectSuccess, isReal } from '../support/api.ts';
import type { ResponseObject } from 'openapi-typescript';
import { describe, it } from 'vitest';
import { expectAnswerWithinContract } from '../support/contract-answer.ts';
import { sdk } from '../support/sdk.ts';
import { contractOperations, expect, operation, scenario } from '../support/scenario.ts';

type Json = Record<string, unknown>;

const generated = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../generated');

operation('getOpenApiJson', () => {
  scenario(
    '200: an OpenAPI 3 document with a semver version, read through the SDK',
    [],
    async () => {
      const document = await unwrap(sdk.GET('/api/v1/openapi.json'));
      expect(document.openapi).toMatch(/^3\./);
      expect(document.info.version).toMatch(/^\d+\.\d+\.\d+$/);
      if (isReal) {
        // The real server publishes the bundled contract itself, every operation in it.
        const bundled = JSON.parse(fs.readFileSync(path.join(generated, 'openapi.json'), 'utf8'));
        expect(document).toEqual(bundled);
      }
    },
  );

  scenario('304: the ETag sent back in If-None-Match still matches', [], async () => {
    const first = await api('GET', '/api/v1/openapi.json');
    expectSuccess(first, 200);
    const etag = first.headers.get('etag');
    expect(etag).toEqual(expect.any(String));
    if (!isReal) return; // Prism answers every request with its 200 example.
    const again = await api('GET', '/api/v1/openapi.json', { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    expect(again.headers.get('etag')).toBe(etag);
  });
});

operation('getOpenApiYaml', () => {
  scenario('200: the same document as YAML', [], async () => {
    const { data, response } = await sdk.GET('/api/v1/openapi.yaml', {
      parseAs: 'text',
      headers: { Accept: 'application/yaml' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/yaml/);
    expect(data).toMatch(/^openapi: 3\./m);
    if (isReal) expect(data).toBe(fs.readFileSync(path.join(generated, 'openapi.yaml'), 'utf8'));
  });
});

describe('an answer that breaks the contract', () => {
  it('fails naming the JSON path of each failing field', () => {
    const found = contractOperations().find(
      ({ operationId }) => operationId === 'getOperatorClaim',
    );
    const media = (found!.operation.responses!['200'] as ResponseObject).content![
      'application/json'
    ]!;
    const example = structuredClone(Object.values(media.examples!)[0] as { value: Json }).value;
    example.claimHashid = 'not a hashid';
    (example.files as Json[])[0]!.uuid = 'not-a-uuid';
    delete (example.files as Json[])[1]!.type;
    const body = Buffer.from(JSON.stringify(example));
    const response = {
      status: 200,
      headers: new Headers({ 'content-type': 'application/json' }),
      body: example,
      bytes: body,
      contentType: 'application/json',
    };
    let message = '';
    try {
      expectAnswerWithinContract(response, 'getOperatorClaim');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('body.claimHashid: must match pattern "^[A-Za-z0-9]{6,16}$"');
    expect(message).toContain('body.files[0].uuid: must match format "uuid"');
    expect(message).toContain("body.files[1].type: must have required property 'type'");
  });
});
