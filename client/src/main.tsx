import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { createQueryClient } from './api/queryClient';
import { App } from './App';
import { useClearingLocation } from './routing/useClearingLocation';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={useClearingLocation}>
        <App />
      </Router>
    </QueryClientProvider>
  </StrictMode>,
);
