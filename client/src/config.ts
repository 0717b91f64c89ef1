// The deployment's settings the claimant sees. The server writes them into index.html as meta
// tags (server/src/http/client-app.ts), so one build serves any configuration; the fallbacks
// below serve only pages without them (the Vite dev server and `make mock`). PRODUCT_NAME and
// CUSTOMER_CARE_PHONE may then be updated by the verify and info-request answers; see
// client/README.md. The server prerenders each page's shell from the same values
// (src/prerender), read here the same way, so the first paint and the hydrated page agree.
import { parseByteSize } from '@prize/domain';
import { createContext, useContext } from 'react';
import { createStore, type ReadableStore } from './state/store';
import { useStore } from './state/useStore';

/** One setting by its meta tag's name: trimmed, and missing when empty. */
export type MetaReader = (name: string) => string | undefined;

const cleanSetting = (value: string | null | undefined): string | undefined =>
  value?.trim() || undefined;

/** The server's settings, written into index.html as meta tags (server/src/http/client-app.ts). */
export function pageMeta(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return cleanSetting(document.querySelector(`meta[name="${name}"]`)?.getAttribute('content'));
}

/** The same settings from the values the server writes into those tags (the prerender's). */
export function metaFrom(values: Readonly<Record<string, string>>): MetaReader {
  return (name) => cleanSetting(Object.hasOwn(values, name) ? values[name] : undefined);
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

/** The page's settings as read from `meta`: once per page in a browser, once per render on the server. */
export function readPageConfig(meta: MetaReader) {
  const operatorSite = link(meta('operator-site-url'), fallback.operatorSiteUrl).replace(
    /\/+$/,
    '',
  );
  return {
    /** What the start page promises and the claim page's fallback before the verify answer. */
    claimInactivityMinutes: positiveInteger(
      meta('claim-inactivity-minutes'),
      fallback.inactivityMinutes,
    ),
    infoRequestInactivityMinutes: positiveInteger(
      meta('info-request-inactivity-minutes'),
      fallback.inactivityMinutes,
    ),
    /**
     * MAX_FILE_SIZE in bytes: the client refuses a larger file before sending any of it;
     * undefined when the page's setting is unreadable (every upload is refused as misconfigured).
     */
    maxFileSize: maxFileSizeSetting(meta('max-file-size'), fallback.maxFileSize),
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
      appStore: link(meta('app-store-url'), fallback.appStoreUrl),
      googlePlay: link(meta('google-play-url'), fallback.googlePlayUrl),
    },
  } as const;
}

export type PageConfig = ReturnType<typeof readPageConfig>;

/**
 * This page's settings, read once when it loads: the server writes these per deployment, never
 * per claimant. Components read them through usePageConfig(); this is for code outside React.
 */
export const pageConfig: PageConfig = readPageConfig(pageMeta);

export interface SiteSettings {
  productName: string;
  customerCarePhone: string;
}

function initialSiteSettings(meta: MetaReader): SiteSettings {
  return {
    productName: meta('product-name') ?? fallback.productName,
    customerCarePhone: meta('customer-care-phone') ?? fallback.customerCarePhone,
  };
}

const siteSettings = createStore<SiteSettings>(initialSiteSettings(pageMeta));

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

/** What components read of the settings: the page's own, or one render's on the server. */
export interface PageSettings {
  config: PageConfig;
  site: ReadableStore<SiteSettings>;
}

/** This page's settings: the ones the API's answers update. */
export const pageSettings: PageSettings = { config: pageConfig, site: siteSettings };

/** The settings the server prerenders a shell with (the values it writes into the meta tags). */
export function pageSettingsFrom(meta: MetaReader): PageSettings {
  return { config: readPageConfig(meta), site: createStore(initialSiteSettings(meta)) };
}

// A context rather than the module's values, so the server can render with its settings (one
// render at a time may not be assumed: the prerender waits for lazy pages).
export const PageSettingsContext = createContext<PageSettings>(pageSettings);

export function usePageConfig(): PageConfig {
  return useContext(PageSettingsContext).config;
}

export function useSiteSettings(): SiteSettings {
  return useStore(useContext(PageSettingsContext).site);
}
