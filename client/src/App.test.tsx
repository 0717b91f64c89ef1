import { getGetHealthQueryKey, getGetHealthQueryOptions } from '@prize/generated/client';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { prerender } from 'react-dom/static';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { createQueryClient } from './api/queryClient';
import { App } from './App';

// Renders the app to HTML at `path`, waiting for lazy routes. Effects do not run here, so the
// health query shows whatever state it was prefetched into.
async function renderAt(path: string, queryClient: QueryClient = createQueryClient()): Promise<string> {
  const { prelude } = await prerender(
    <QueryClientProvider client={queryClient}>
      <Router ssrPath={path}>
        <App />
      </Router>
    </QueryClientProvider>,
  );
  return new Response(prelude).text();
}

async function clientAfterHealthAnswer(answer: Response): Promise<QueryClient> {
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(answer)));
  const queryClient = createQueryClient();
  // In the browser a query that failed before mount is fetched again on mount, then shows its
  // error; with no effects here, render the settled error state straight away.
  queryClient.setQueryDefaults(getGetHealthQueryKey(), { retryOnMount: false });
  await queryClient.prefetchQuery(getGetHealthQueryOptions());
  return queryClient;
}

function count(html: string, pattern: RegExp): number {
  return html.match(new RegExp(pattern, 'g'))?.length ?? 0;
}

describe('App routes', () => {
  it('When / is opened and the service is healthy, then the status line shows ok and database up', async () => {
    const queryClient = await clientAfterHealthAnswer(
      Response.json({ status: 'ok', database: 'up' }, { status: 200 }),
    );

    const html = await renderAt('/', queryClient);

    expect(html).toContain('Service status: ok / database up');
    expect(html).not.toContain('role="alert"');
  });

  it('When / is opened and the health call fails, then the mapped message is in an alert', async () => {
    const queryClient = await clientAfterHealthAnswer(
      Response.json(
        { statusCode: 503, message: 'The service is temporarily unavailable. Please try again later.' },
        { status: 503 },
      ),
    );

    const html = await renderAt('/', queryClient);

    expect(html).toMatch(
      /<div[^>]*role="alert"[^>]*>The service is temporarily unavailable\. Please try again later\.<\/div>/,
    );
  });

  it('When / is opened, then the page has header, main and footer landmarks and one h1', async () => {
    const html = await renderAt('/');

    expect(count(html, /<header[\s>]/)).toBe(1);
    expect(count(html, /<main[\s>]/)).toBe(1);
    expect(count(html, /<footer[\s>]/)).toBe(1);
    expect(count(html, /<h1[\s>]/)).toBe(1);
    expect(html).toContain('Start your claim');
  });

  it.each([
    ['/claim/q3Xz9vLmT8sKp2RwYb7nHc4dJf6gA1eU', 'Your claim'],
    ['/claim/info-request/q3Xz9vLmT8sKp2RwYb7nHc4dJf6gA1eU', 'Add further information'],
  ])('When %s is opened, then its lazily loaded placeholder page renders', async (path, heading) => {
    const html = await renderAt(path);

    expect(html).toContain(`<h1>${heading}</h1>`);
    expect(html).toContain('arrives with the next issue');
    expect(count(html, /<h1[\s>]/)).toBe(1);
    expect(html).not.toContain('Service status');
  });

  it('When an unknown path is opened, then no page renders (the redirect to / runs in the browser)', async () => {
    const html = await renderAt('/no/such/page');

    expect(count(html, /<h1[\s>]/)).toBe(0);
    expect(count(html, /<main[\s>]/)).toBe(1);
  });
});
