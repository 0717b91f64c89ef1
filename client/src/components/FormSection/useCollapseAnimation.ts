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
 */
export function useCollapseAnimation(
  ref: RefObject<HTMLElement | null>,
  status: SectionStatus,
  durationMs: number,
): void {
  const previous = useRef<{ status: SectionStatus; height: number } | null>(null);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const height = element.getBoundingClientRect().height;
    const before = previous.current;
    previous.current = { status, height };
    if (before?.status === 'open' && status === 'collapsed' && before.height > height) {
      if (durationMs > 0 && !prefersReducedMotion() && typeof element.animate === 'function')
        element.animate(
          [
            { height: `${before.height}px`, overflow: 'hidden' },
            { height: `${height}px`, overflow: 'hidden' },
          ],
          { duration: durationMs, easing: 'ease-in-out' },
        );
    }
    if (status !== 'open' || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      previous.current = { status, height: element.getBoundingClientRect().height };
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, status, durationMs]);
}
