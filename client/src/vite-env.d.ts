/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_HIDE_BREADCRUMBS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
