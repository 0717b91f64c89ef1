import { type ReactNode, useState } from 'react';
import { Modal } from '../Modal/Modal';

export interface HelpSlide {
  title: string;
  caption: string;
  picture: ReactNode;
}

export interface HelpModalProps {
  title: string;
  slides: readonly HelpSlide[];
  onClose: () => void;
  initialSlide?: number;
}

export const HELP_FOCUS_DELAY_MS = 200;

// Pictures of where to find each number, with previous and next arrows.
export function HelpModal({ title, slides, onClose, initialSlide = 0 }: HelpModalProps) {
  const [index, setIndex] = useState(Math.min(Math.max(initialSlide, 0), slides.length - 1));
  const slide = slides[index];
  if (!slide) return null;
  const go = (step: number) =>
    setIndex((current) => (current + step + slides.length) % slides.length);
  return (
    <Modal title={title} onClose={onClose} focusDelayMs={HELP_FOCUS_DELAY_MS} size="large">
      <figure className="help-slide">
        <div className="help-slide__picture">{slide.picture}</div>
        <figcaption className="help-slide__caption" aria-live="polite">
          <strong className="help-slide__title">{slide.title}</strong>
          <span>{slide.caption}</span>
        </figcaption>
      </figure>
      {slides.length > 1 && (
        <div className="help-slide__nav">
          <button type="button" className="arrow-button" onClick={() => go(-1)}>
            <span aria-hidden="true">‹</span>
            <span className="visually-hidden">Previous picture</span>
          </button>
          <span className="help-slide__count">
            Picture {index + 1} of {slides.length}
          </span>
          <button type="button" className="arrow-button" onClick={() => go(1)}>
            <span aria-hidden="true">›</span>
            <span className="visually-hidden">Next picture</span>
          </button>
        </div>
      )}
    </Modal>
  );
}
