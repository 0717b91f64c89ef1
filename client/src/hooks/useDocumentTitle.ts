import { useEffect } from 'react';

export const SERVICE_NAME = 'Postal prize claims';

// WCAG 2.4.2: each page (and each end state) says what it is in the browser tab.
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} – ${SERVICE_NAME}`;
  }, [title]);
}
