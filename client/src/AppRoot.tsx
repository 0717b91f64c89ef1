import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { Router } from 'wouter';
import { App } from './App';
import { PageSettingsContext, type PageSettings } from './config';
import { useClearingLocation } from './routing/useClearingLocation';

export interface AppRootProps {
  queryClient: QueryClient;
  settings: PageSettings;
  /** The path to render on the server (src/prerender); the browser's location otherwise. */
  ssrPath?: string;
}

/** The whole application: the browser renders (or hydrates) the same tree the server prerenders. */
export function AppRoot({ queryClient, settings, ssrPath }: AppRootProps) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <PageSettingsContext value={settings}>
          <Router hook={useClearingLocation} ssrPath={ssrPath}>
            <App />
          </Router>
        </PageSettingsContext>
      </QueryClientProvider>
    </StrictMode>
  );
}
