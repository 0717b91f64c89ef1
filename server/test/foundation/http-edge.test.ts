import { createRequire } from 'node:module';
import net from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('health', () => {
  it('when the database answers, then health is 200 with the database up', async () => {
    const res = await request(server.url).get('/api/v1/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: 'up' });
  });
});

describe('the contract at the edge', () => {
  it('when a query key has a bracket that decodes to another name, then it is refused as unknown, not dropped', async () => {
    for (const path of ['/api/v1/health?VT%2Bi%5B=', '/api/v1/health/live?a[b]=1']) {
      const res = await request(server.url).get(path);
      expect(res.status, path).toBe(400);
      expect(res.body.message[0].constraints.invalid).toMatch(/^Unknown query parameter/);
    }
  });

  it('when a field breaks the contract, then the answer is the validation shape with the spec message', async () => {
    const res = await request(server.url).post('/api/v1/claim').send({ email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: [
        {
          property: 'email',
          name: 'email',
          constraints: { format: 'Please enter a valid email address' },
          children: [],
        },
      ],
    });
  });

  it('when a nested field breaks the contract, then its item is named by its full dotted path (spec: property, constraints, children, name)', async () => {
    const res = await request(server.url)
      .post(`/api/v1/claim/info-request/${'A'.repeat(43)}`)
      .send({ sectionTypeList: ['PERSONAL_DETAILS', 'DBG_GREEN_IMAGES'] });
    expect(res.status).toBe(400);
    const list = (res.body.message as Array<{ property: string }>).find(
      (item) => item.property === 'sectionTypeList',
    );
    expect(list).toMatchObject({
      property: 'sectionTypeList',
      name: 'sectionTypeList',
      children: [expect.objectContaining({ property: '1', name: 'sectionTypeList.1' })],
    });
  });

  it('when a required field is missing, then it is named as the property', async () => {
    const res = await request(server.url).post('/api/v1/claim').send({});
    expect(res.status).toBe(400);
    expect(res.body.message[0].property).toBe('email');
  });

  it('when the body is not JSON, then a general 400 names the problem', async () => {
    const res = await request(server.url)
      .post('/api/v1/claim')
      .set('Content-Type', 'application/json')
      .send('{"email":');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      message: 'The request body is not valid JSON',
      error: 'Bad Request',
    });
  });

  it('when a path is not in the contract, then 404 in the general shape', async () => {
    const res = await request(server.url).get('/api/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('when a page route is asked for, then the security headers and no-store are set', async () => {
    const res = await request(server.url).get('/api/v1/health');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-powered-by']).toBeUndefined();
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb'])
      expect(res.headers['permissions-policy']).toContain(`${feature}=()`);
  });
});

describe('content-type guard (validator trap 1)', () => {
  it('when a JSON body carries an unexpected parameter, then 415', async () => {
    const res = await request(server.url)
      .post('/api/v1/claim')
      .set('Content-Type', 'application/json; v=1')
      .send('{"email":"a@b.co"}');
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ statusCode: 415, error: 'Unsupported Media Type' });
  });

  it('when charset is utf-8, then the request goes through to validation', async () => {
    const res = await request(server.url)
      .post('/api/v1/claim')
      .set('Content-Type', 'application/json; charset=UTF-8')
      .send('{"email":"bad"}');
    expect(res.status).toBe(400);
  });

  it('when 2,000 requests carry distinct parameters, then all are 415 and the heap does not grow', async () => {
    const gc = (globalThis as { gc?: () => void }).gc!;
    const send = (n: number) =>
      fetch(`${server.url}/api/v1/claim`, {
        method: 'POST',
        headers: { 'content-type': `application/json; v=${n}` },
        body: '{}',
      });
    await send(-1);
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let batch = 0; batch < 20; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) => send(batch * 100 + i)),
      );
      expect(answers.every((answer) => answer.status === 415)).toBe(true);
      // The harness keeps log lines in memory; they are not the server's heap growth.
      server.logs.length = 0;
    }
    gc();
    const growthMb = (process.memoryUsage().heapUsed - before) / 1024 / 1024;
    // Client and server share this process: undici's own state is a few MB; the unguarded
    // validator cache grew 45 MB for the same 2,000 values.
    expect(growthMb).toBeLessThan(16);
  });
});

describe('request log', () => {
  it('when requests are answered, then each gets one line with its method, masked path, status and time', async () => {
    server.logs.length = 0;
    const token = 'x'.repeat(43);
    await request(server.url).patch(`/api/v1/claim/${token}/verify?secret=1`);
    await request(server.url).get('/api/v1/health');
    const lines = server.logs.map(
      (line) =>
        JSON.parse(line) as {
          msg: string;
          level: number;
          req?: { method: string; url: string };
          res?: { statusCode: number };
          responseTime?: number;
        },
    );
    const requests = lines.filter((line) => line.req);
    expect(requests.map((line) => line.msg)).toEqual([
      'PATCH /api/v1/claim/:token/verify 400',
      'GET /api/v1/health 200',
    ]);
    expect(requests[0]).toMatchObject({ level: 40, res: { statusCode: 400 } });
    // Nothing else of the request (headers, remote address, query) reaches the line.
    expect(requests[0]!.req).toEqual({
      id: expect.anything(),
      method: 'PATCH',
      url: '/api/v1/claim/:token/verify',
    });
    expect(requests[0]!.res).toEqual({ statusCode: 400 });
    expect(requests[1]!.level).toBe(30);
    expect(typeof requests[1]!.responseTime).toBe('number');
    expect(server.logs.join('')).not.toContain(token);
    expect(server.logs.join('')).not.toContain('secret');
  });

  it('when the client goes away before the answer, then the request is logged as aborted', async () => {
    server.logs.length = 0;
    // A body announced longer than what is sent: the server waits for the rest until the socket closes.
    const { port } = new URL(server.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      'POST /api/v1/claim HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.destroy();
    await expect.poll(() => server.logs.join(''), { timeout: 5_000 }).toContain('aborted');
  });
});

describe('contract route lookup (patches/express-openapi-validator)', () => {
  it('when the same requests come again, then no route pattern is compiled again', async () => {
    // The validator's own copy of path-to-regexp: counting its calls shows whether it compiles
    // every route's pattern per request (the unpatched 5.6.2 does: about 45 µs a request here).
    const validatorRequire = createRequire(
      createRequire(import.meta.url).resolve('express-openapi-validator'),
    );
    const pathToRegexpModule = validatorRequire('path-to-regexp') as {
      pathToRegexp: (...args: unknown[]) => unknown;
    };
    const original = pathToRegexpModule.pathToRegexp;
    let compiled = 0;
    pathToRegexpModule.pathToRegexp = (...args: unknown[]) => {
      compiled++;
      return original(...args);
    };
    try {
      const round = () =>
        Promise.all([
          request(server.url).get('/api/v1/health'),
          request(server.url)
            .post('/api/v1/claim/check/dbg-ticket-number')
            .send({ dbgTicketNumber: '1' }),
          request(server.url).patch(`/api/v1/claim/${'z'.repeat(43)}/verify`),
          request(server.url).get('/api/v1/operator/claims'),
        ]);
      await round();
      const afterFirst = compiled;
      await round();
      await round();
      expect(compiled).toBe(afterFirst);
    } finally {
      pathToRegexpModule.pathToRegexp = original;
    }
  });
});
