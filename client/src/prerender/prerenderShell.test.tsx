import { describe, expect, it } from 'vitest';
import { matchRoute } from 'wouter';
import { parse } from 'regexparam';
import { CLAIMANT_ROUTES } from '../routing/claimantRoutes';
import { placeholderPath, prerenderShell, SHELL_ROUTES, shellRoute } from './prerenderShell';

// The values the server writes into the page's meta tags (server/src/http/client-app.ts).
const SETTINGS = {
  'product-name': 'National Lottery',
  'customer-care-phone': '0333 234 5050',
  'claim-inactivity-minutes': '5',
  'operator-site-url': 'https://www.lottery.example.co.uk',
};

// React's markers between adjacent pieces of text, which the browser does not show.
const shown = (html: string): string => html.replaceAll('<!-- -->', '');

describe("the server's choice of shell", () => {
  it.each([
    ['/', 'start'],
    ['/claim/abcDEF123_-', 'claim'],
    ['/claim/abc/', 'claim'],
    ['/claim/info-request/abc', 'infoRequest'],
    ['/claim/status/abc', 'status'],
  ])('when %s is asked for, then the %s shell is chosen, as the router would', (path, route) => {
    expect(shellRoute(path)).toBe(route);
  });

  it.each(['/staff', '/staff/claims', '/nowhere', '/claim/a/b', '/claim/'])(
    'when %s is asked for (the back office, or a path the client redirects), then no shell is chosen',
    (path) => {
      expect(shellRoute(path)).toBeUndefined();
    },
  );

  it("when a shell is rendered, then its path has no token in it and opens that route's page", () => {
    for (const route of SHELL_ROUTES) {
      const path = placeholderPath(route);
      expect(path).not.toMatch(/:/);
      expect(shellRoute(path)).toBe(route);
      expect(matchRoute(parse, CLAIMANT_ROUTES[route], path)[0]).toBe(true);
    }
  });
});

describe('the shells the server puts in the HTML', () => {
  it("when the start page is prerendered, then it has its heading, form and the deployment's settings", async () => {
    const html = await prerenderShell('start', SETTINGS);
    expect(html).toMatch(/<h1>Start your claim<\/h1>/);
    expect(html).toContain('<input id="field-email"');
    expect(shown(html)).toContain('cleared after 5 minutes of inactivity');
    expect(html).toContain('>National Lottery</a>');
    expect(html).toContain('Thank you for playing National Lottery.');
    expect(html).toContain('href="tel:03332345050"');
    expect(html).toContain('href="https://www.lottery.example.co.uk/how-to-claim"');
  });

  it('when a claim page is prerendered, then it has its heading and lead, the link check line and no breadcrumbs', async () => {
    const html = await prerenderShell('claim', SETTINGS);
    expect(html).toMatch(/<h1 tabindex="-1">Claim your prize<\/h1>/);
    expect(html).toContain('Complete each section.');
    expect(html).toContain('Checking your claim link…');
    expect(html).toContain('>National Lottery</a>');
    expect(html).not.toContain('aria-label="Breadcrumb"');
  });

  it('when the settings are missing, then the shell uses the same fallbacks as the page would', async () => {
    const html = await prerenderShell('start', {});
    expect(html).toContain('Thank you for playing Prize Lottery.');
    expect(shown(html)).toContain('cleared after 20 minutes of inactivity');
  });
});
