import { render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../../App';
import { withQueryClient } from '../../test/helpers';

// The whole app at a back-office address, through the lazy /staff route.
export function renderStaffAt(path: string) {
  const location = memoryLocation({ path, record: true });
  const result = render(
    withQueryClient(
      <Router hook={location.hook} searchHook={location.searchHook}>
        <App />
      </Router>,
    ),
  );
  return { ...result, location };
}
