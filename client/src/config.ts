// The deployment's settings the claimant sees. The server writes them into index.html as meta
// tags (server/src/http/client-app.ts), so one build serves any configuration; the fallbacks
// below serve only pages without them (the Vite dev server and `make mock`). PRODUCT_NAME and
// CUSTOMER_CARE_PHONE may then be updated by the verify and info-request answers; see
// client/README.md.
import { parseByteSize } from '@prize/domain';
import { createStore } from './state/store';
import { useStore } from './state/useStore';

/** The server's settings, written into index.html as meta tags (server/src/http/client-app.ts). */
export function pageMeta(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return (
    document.querySelector(`meta[name="${name}"]`)?.getAttribute('content')?.trim() || undefined
  );
}

function positiveInteger(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

/**
 * MAX_FILE_SIZE as the page was given it: bytes (what the server writes) or a size as the
 * setting is written (`15mb`). A tag the page cannot read is not replaced by a default (spec
 * section 5: 'Max file size misconfigured'): it is reported here and every upload is refused
 * with that message. Only a page without the tag (dev server, mock) uses the fallback.
 */
export function maxFileSizeSetting(
  value: string | undefined,
  fallback: number,
): number | undefined {
  if (value === undefined) return fallback;
  const parsed = parseByteSize(value);
  if (parsed !== undefined) return parsed;
  console.error('The max-file-size setting of the page is not a size; uploads are refused.');
  return undefined;
}

/** An http(s) address from the page, or the fallback when the tag is missing or not one. */
function link(value: string | undefined, fallback: string): string {
  if (value === undefined) return fallback;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol) ? value : fallback;
  } catch {
    return fallback;
  }
}

// For pages the server did not write (dev server, Prism mock): the server's defaults where it
// has them; a number Ofcom keeps for drama and examples (0306 999 0000-0999) for the phone.
const fallback = {
  productName: 'Prize Lottery',
  customerCarePhone: '0306 999 0123',
  inactivityMinutes: 20,
  maxFileSize: 15 * 1024 * 1024,
  operatorSiteUrl: 'https://www.example.com',
  appStoreUrl: 'https://apps.apple.com/',
  googlePlayUrl: 'https://play.google.com/store/apps',
} as const;

const operatorSite = link(pageMeta('operator-site-url'), fallback.operatorSiteUrl).replace(
  /\/+$/,
  '',
);

/** Read once, when the page loads: the server writes these per deployment, never per claimant. */
export const pageConfig = {
  /** What the start page promises and the claim page's fallback before the verify answer. */
  claimInactivityMinutes: positiveInteger(
    pageMeta('claim-inactivity-minutes'),
    fallback.inactivityMinutes,
  ),
  infoRequestInactivityMinutes: positiveInteger(
    pageMeta('info-request-inactivity-minutes'),
    fallback.inactivityMinutes,
  ),
  /**
   * MAX_FILE_SIZE in bytes: the client refuses a larger file before sending any of it;
   * undefined when the page's setting is unreadable (every upload is refused as misconfigured).
   */
  maxFileSize: maxFileSizeSetting(pageMeta('max-file-size'), fallback.maxFileSize),
  // A build setting of the page's layout, not of the deployment.
  hideBreadcrumbs: import.meta.env.VITE_HIDE_BREADCRUMBS === 'true',
  links: {
    home: `${operatorSite}/`,
    howToClaim: `${operatorSite}/how-to-claim`,
    responsiblePlay: `${operatorSite}/responsible-play`,
    help: `${operatorSite}/help`,
    terms: `${operatorSite}/terms-and-conditions`,
    privacy: `${operatorSite}/privacy`,
    accessibility: `${operatorSite}/accessibility`,
    feedback: `${operatorSite}/feedback`,
    lostTicket: `${operatorSite}/lost-stolen-destroyed-or-damaged-ticket`,
    appStore: link(pageMeta('app-store-url'), fallback.appStoreUrl),
    googlePlay: link(pageMeta('google-play-url'), fallback.googlePlayUrl),
  },
} as const;

export interface SiteSettings {
  productName: string;
  customerCarePhone: string;
}

const siteSettings = createStore<SiteSettings>({
  productName: pageMeta('product-name') ?? fallback.productName,
  customerCarePhone: pageMeta('customer-care-phone') ?? fallback.customerCarePhone,
});

export function updateSiteSettings(next: Partial<SiteSettings>): void {
  const current = siteSettings.getState();
  const merged = { ...current };
  if (next.productName?.trim()) merged.productName = next.productName.trim();
  if (next.customerCarePhone?.trim()) merged.customerCarePhone = next.customerCarePhone.trim();
  if (
    merged.productName === current.productName &&
    merged.customerCarePhone === current.customerCarePhone
  )
    return;
  siteSettings.setState(merged);
}

/** The settings now, outside React. */
export function readSiteSettings(): SiteSettings {
  return siteSettings.getState();
}

export function useSiteSettings(): SiteSettings {
  return useStore(siteSettings);
}
