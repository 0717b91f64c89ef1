// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../test/helpers';
import { createQueryClient } from './queryClient';
import { checkSerialOnce } from './serialCheck';

const SERIAL = '1234-123456789-123456';

afterEach(() => vi.unstubAllGlobals());

describe('the serial check', () => {
  it('when the same number is checked twice, then the server is asked once; once the form times out (cache cleared), it is asked again', async () => {
    const { calls } = stubApi([
      [/POST \/api\/v1\/claim\/check\/dbg-ticket-number$/, Response.json({ valid: true })],
    ]);
    const queryClient = createQueryClient();

    expect(await checkSerialOnce(queryClient, SERIAL)).toBe(true);
    expect(await checkSerialOnce(queryClient, SERIAL)).toBe(true);
    expect(calls).toHaveLength(1);

    queryClient.clear();
    await checkSerialOnce(queryClient, SERIAL);
    expect(calls).toHaveLength(2);
  });

  it('when the check fails, then the failure is not kept and the next check asks again', async () => {
    let answer = Response.json(
      { statusCode: 500, message: 'Internal server error' },
      { status: 500 },
    );
    const { calls } = stubApi([[/check\/dbg-ticket-number$/, () => answer]]);
    const queryClient = createQueryClient();

    await expect(checkSerialOnce(queryClient, SERIAL)).rejects.toThrow();
    answer = Response.json({ valid: false });
    expect(await checkSerialOnce(queryClient, SERIAL)).toBe(false);
    expect(calls).toHaveLength(2);
  });
});
