/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_PRODUCT_NAME?: string;
  readonly VITE_CUSTOMER_CARE_PHONE?: string;
  readonly VITE_CLAIM_INACTIVITY_TIMER_MINUTES?: string;
  readonly VITE_OPERATOR_SITE_URL?: string;
  readonly VITE_HIDE_BREADCRUMBS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
