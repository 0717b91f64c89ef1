import { useCallback, useEffect, useRef, useState } from 'react';
import { sectionTitleId } from '../components/FormSection/FormSection';
import type { SectionId } from '../form/sections';

// Where focus goes next in a sectioned form: a section's title (opened, completed, reopened)
// or the error banner (a submit with errors to fix). Each request moves focus, even to the
// same place again.
export function useSectionFocus<Id extends SectionId>() {
  const [target, setTarget] = useState<{ id: Id | 'banner'; at: number } | null>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (target === null) return;
    const element =
      target.id === 'banner'
        ? bannerRef.current
        : document.getElementById(sectionTitleId(target.id));
    element?.focus();
    element?.scrollIntoView({ block: 'start' });
  }, [target]);
  const focus = useCallback((id: Id | 'banner') => setTarget({ id, at: Date.now() }), []);
  return { bannerRef, focus };
}
