import type { ReactNode, Ref } from 'react';
import {
  CelebrationIllustration,
  ErrorIllustration,
  VerificationIllustration,
} from '../Illustrations/Illustrations';

export interface ResultPanelProps {
  variant: 'celebration' | 'error' | 'verification';
  title: ReactNode;
  children?: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
}

const ILLUSTRATIONS = {
  celebration: CelebrationIllustration,
  error: ErrorIllustration,
  verification: VerificationIllustration,
} as const;

export function ResultPanel({ variant, title, children, headingRef }: ResultPanelProps) {
  const Illustration = ILLUSTRATIONS[variant];
  return (
    <div className={`result-panel result-panel--${variant}`}>
      <Illustration className="result-panel__illustration" />
      <h1 className="result-panel__title" ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      <div className="result-panel__body">{children}</div>
    </div>
  );
}
