import { useEffect, useRef } from 'react';

// The page's heading takes focus when one view replaces another in place (a form becoming
// its result), so screen readers hear the new view. The first view is reached by loading the page.
export function useFocusOnChange(key: string) {
  const ref = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ref.current?.focus();
  }, [key]);
  return ref;
}
