import { type RefObject, useLayoutEffect, useRef } from 'react';
import type { SectionStatus } from '../../form/sections';

/** Spec sections 4 and 9: the collapse animation of a completed section, 300 ms unless configured. */
export const COLLAPSE_ANIMATION_MS = 300;

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Animates a section's height from its open size down to its summary when it collapses. The
 * open height is kept up to date while the section is open (its fields and messages change
 * without the section rendering again); the animation runs before the browser paints the
 * collapsed section, so nothing jumps. None when the reader asks for reduced motion, when the
 * duration is 0, or where the browser cannot animate elements.
 *
 * The page is measured only at a collapse: reading a height while React commits makes the
 * browser lay the page out there and then, which on the claim page's first render was a tenth
 * of its blocking time (issue 35). An open section's height comes from a ResizeObserver, which
 * reports after the browser's own layout; without one (jsdom) it is read as the section opens.
 */
export function useCollapseAnimation(
  ref: RefObject<HTMLElement | null>,
  status: SectionStatus,
  durationMs: number,
): void {
  const openHeight = useRef<number | null>(null);
  const previousStatus = useRef<SectionStatus | null>(null);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const before = previousStatus.current;
    previousStatus.current = status;
    if (before === 'open' && status === 'collapsed' && openHeight.current !== null) {
      const height = element.getBoundingClientRect().height;
      if (
        openHeight.current > height &&
        durationMs > 0 &&
        !prefersReducedMotion() &&
        typeof element.animate === 'function'
      )
        element.animate(
          [
            { height: `${openHeight.current}px`, overflow: 'hidden' },
            { height: `${height}px`, overflow: 'hidden' },
          ],
          { duration: durationMs, easing: 'ease-in-out' },
        );
    }
    openHeight.current = null;
    if (status !== 'open') return;
    if (typeof ResizeObserver === 'undefined') {
      openHeight.current = element.getBoundingClientRect().height;
      return;
    }
    const observer = new ResizeObserver(([entry]) => {
      openHeight.current = entry?.borderBoxSize?.[0]?.blockSize ?? element.offsetHeight;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, status, durationMs]);
}
