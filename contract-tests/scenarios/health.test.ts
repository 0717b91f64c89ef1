import { api, expectGeneralError, expectSuccess } from '../support/api.ts';
import { expect, mockOnly, operation, scenario } from '../support/scenario.ts';

operation('getHealth', () => {
  scenario('200: the service and its database are up', [], async () => {
    const health = await api('GET', '/api/v1/health');
    expectSuccess(health, 200);
    expect(health.body).toEqual({ status: 'ok', database: 'up' });
  });

  mockOnly(
    '503: a dependency is down, in the general shape with Retry-After',
    'the contract tests do not stop the database',
    async () => {
      const down = await api('GET', '/api/v1/health', { prefer: 'code=503' });
      expectGeneralError(down, 503);
      expect(Number(down.headers.get('retry-after'))).toBeGreaterThanOrEqual(0);
    },
  );
});

operation('getLiveness', () => {
  scenario('200: the process is alive', [], async () => {
    const live = await api('GET', '/api/v1/health/live');
    expectSuccess(live, 200);
    expect(live.body).toEqual({ status: 'ok' });
  });
});

operation('getReadiness', () => {
  scenario('200: migrations done, database and file store up, not draining', [], async () => {
    const ready = await api('GET', '/api/v1/health/ready');
    expectSuccess(ready, 200);
    expect(ready.body).toEqual({ status: 'ready', database: 'up', storage: 'up' });
  });

  mockOnly(
    '503: not ready, in the general shape with Retry-After',
    'the contract tests neither stop a dependency nor drain the server',
    async () => {
      const down = await api('GET', '/api/v1/health/ready', { prefer: 'code=503' });
      expectGeneralError(down, 503);
      expect(Number(down.headers.get('retry-after'))).toBeGreaterThanOrEqual(0);
    },
  );
});
