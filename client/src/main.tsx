import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createQueryClient } from './api/queryClient';
import { AppRoot } from './AppRoot';
import { pageSettings } from './config';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = <AppRoot queryClient={createQueryClient()} settings={pageSettings} />;
// The server sends a claimant page with its shell already rendered (server/src/http/client-app.ts,
// src/prerender): React takes that markup over. As a transition the hydration is done in slices
// the browser can interleave with its own work, rather than in one long task on a slow phone
// (the shell is on screen meanwhile). Pages without it (the dev server, the mock, the back
// office, a server without the prerender bundle) are rendered here from nothing.
if (container.hasChildNodes()) startTransition(() => void hydrateRoot(container, app));
else createRoot(container).render(app);
