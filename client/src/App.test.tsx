import { QueryClientProvider } from '@tanstack/react-query';
import { prerender } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { createQueryClient } from './api/queryClient';
import { App } from './App';

// Renders the app to HTML at `path`, waiting for lazy routes. Effects do not run here.
async function renderAt(path: string): Promise<string> {
  const { prelude } = await prerender(
    <QueryClientProvider client={createQueryClient()}>
      <Router ssrPath={path}>
        <App />
      </Router>
    </QueryClientProvider>,
  );
  return new Response(prelude).text();
}

function count(html: string, pattern: RegExp): number {
  return html.match(new RegExp(pattern, 'g'))?.length ?? 0;
}

describe('App routes', () => {
  it('When / is opened, then the start page shows with header, breadcrumbs, main, footer and one h1', async () => {
    const html = await renderAt('/');

    expect(count(html, /<header[\s>]/)).toBe(1);
    expect(count(html, /<main[\s>]/)).toBe(1);
    expect(count(html, /<footer[\s>]/)).toBe(1);
    expect(count(html, /<h1[\s>]/)).toBe(1);
    expect(html).toContain('Start your claim');
    expect(html).toMatch(/<nav[^>]*aria-label="Breadcrumb"/);
    for (const crumb of ['Home', 'How To Claim', 'Start a Postal Claim'])
      expect(html).toContain(crumb);
  });

  it('When / is opened, then the footer carries eligibility, links, Customer Care, thanks, feedback and the apps', async () => {
    const html = await renderAt('/');

    expect(html).toContain(
      'Players must be 18 or over and physically located in the UK or Isle of Man.',
    );
    for (const text of [
      'Play responsibly',
      'Help',
      'Terms and conditions',
      'Privacy',
      'Accessibility',
      'Customer Care',
      'Thank you for playing Prize Lottery',
      'Tell us what you think',
      'App Store',
      'Google Play',
    ]) {
      expect(html).toContain(text);
    }
  });

  it('When a claim link is opened, then the lazy claim page checks the link and the breadcrumbs are hidden', async () => {
    const html = await renderAt('/claim/q3Xz9vLmT8sKp2RwYb7nHc4dJf6gA1eU');

    expect(html).toContain('Checking your claim link');
    expect(html).not.toContain('aria-label="Breadcrumb"');
    expect(html).not.toContain('Start your claim');
  });

  it('When an info-request link is opened, then the lazy info-request page loads the request and the breadcrumbs are hidden', async () => {
    const html = await renderAt('/claim/info-request/Vb8kR2mQ7xLp4sTn9wYc3dHf6gJ1aEuZ');

    expect(html).toContain('Checking your link');
    expect(html).not.toContain('aria-label="Breadcrumb"');
    expect(html).not.toContain('Start your claim');
  });

  it('When an unknown path is opened, then no page renders (the redirect to / runs in the browser)', async () => {
    const html = await renderAt('/no/such/page');

    expect(count(html, /<h1[\s>]/)).toBe(0);
    expect(count(html, /<main[\s>]/)).toBe(1);
  });
});
