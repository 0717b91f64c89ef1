import { StartClaimRequestRules } from '@prize/generated/rules';
import { describe, expect, it } from 'vitest';
import { useClaimServer } from '../support/claim-server.ts';

// The server validates with the bundled contract (generated/openapi.json); the limit read here
// comes from the same `make generate`: a new maxLength in openapi/ moves both with no other edit.
const context = useClaimServer();
const emailOfLength = (length: number) => `${'a'.repeat(length - 5)}@b.co`;
const start = (email: string) =>
  fetch(`${context.server.url}/api/v1/claim`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });

describe("the server's limits are the contract's", () => {
  it('when the e-mail is one character over the contract maxLength, then 400 names it with the contract message', async () => {
    const res = await start(emailOfLength(StartClaimRequestRules.email.maxLength + 1));
    expect(res.status).toBe(400);
    const body = (await res.json()) as {
      message: Array<{ property: string; constraints: Record<string, string> }>;
    };
    expect(body.message).toEqual([
      expect.objectContaining({
        property: 'email',
        constraints: expect.objectContaining({ maxLength: StartClaimRequestRules.email.message }),
      }),
    ]);
  });

  it('when the e-mail is exactly the contract maxLength, then the claim starts', async () => {
    const res = await start(emailOfLength(StartClaimRequestRules.email.maxLength));
    expect(res.status).toBe(201);
  });
});
