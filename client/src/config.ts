// Build-time settings (Vite `VITE_*` variables) with their defaults. At run time the server's
// PRODUCT_NAME and CUSTOMER_CARE_PHONE come first from meta tags it writes into index.html, then
// from the verify and info-request answers; see client/README.md.
import { useSyncExternalStore } from 'react';

const env = import.meta.env;

function text(value: string | undefined, fallback: string): string {
  return value !== undefined && value.trim() !== '' ? value.trim() : fallback;
}

function positiveInteger(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

const operatorSite = text(env.VITE_OPERATOR_SITE_URL, 'https://www.example.com').replace(/\/+$/, '');

export const buildConfig = {
  productName: text(env.VITE_PRODUCT_NAME, 'Prize Lottery'),
  // A number Ofcom keeps for drama and examples (0306 999 0000-0999): replace it per deployment.
  customerCarePhone: text(env.VITE_CUSTOMER_CARE_PHONE, '0306 999 0123'),
  // What the start page promises; the claim page uses the server's figure.
  inactivityMinutes: positiveInteger(env.VITE_CLAIM_INACTIVITY_TIMER_MINUTES, 20),
  hideBreadcrumbs: env.VITE_HIDE_BREADCRUMBS === 'true',
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
    appStore: 'https://apps.apple.com/',
    googlePlay: 'https://play.google.com/store/apps',
  },
} as const;

export interface SiteSettings {
  productName: string;
  customerCarePhone: string;
}

/** The server's settings, written into index.html as meta tags (server/src/http/client-app.ts). */
export function pageMeta(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector(`meta[name="${name}"]`)?.getAttribute('content')?.trim() || undefined;
}

let settings: SiteSettings = {
  productName: pageMeta('product-name') ?? buildConfig.productName,
  customerCarePhone: pageMeta('customer-care-phone') ?? buildConfig.customerCarePhone,
};
const listeners = new Set<() => void>();

export function updateSiteSettings(next: Partial<SiteSettings>): void {
  const merged = { ...settings };
  if (next.productName?.trim()) merged.productName = next.productName.trim();
  if (next.customerCarePhone?.trim()) merged.customerCarePhone = next.customerCarePhone.trim();
  if (merged.productName === settings.productName && merged.customerCarePhone === settings.customerCarePhone) return;
  settings = merged;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The settings now, outside React. */
export function readSiteSettings(): SiteSettings {
  return settings;
}

export function useSiteSettings(): SiteSettings {
  return useSyncExternalStore(subscribe, readSiteSettings, readSiteSettings);
}
