import { FocusTrap } from 'focus-trap-react';
import { type ReactNode, useEffect, useId, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';

export interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  // alertdialog for the inactivity warning: announced at once.
  role?: 'dialog' | 'alertdialog';
  // Help modals wait 200 ms before moving focus into the dialog (spec section 2).
  focusDelayMs?: number;
  closeLabel?: string;
  footer?: ReactNode;
  size?: 'medium' | 'large';
}

// A modal dialog: focus is trapped inside; the close button and Escape close it; focus goes
// back where it was.
export function Modal({
  title,
  onClose,
  children,
  role = 'dialog',
  focusDelayMs = 0,
  closeLabel = 'Close',
  footer,
  size = 'medium',
}: ModalProps) {
  const titleId = useId();
  const bodyId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  // The focus trap reads its options once, when it activates: its Escape handler calls the
  // latest onClose through this ref, updated after each render.
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const focusTitle = () =>
      dialogRef.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    if (focusDelayMs === 0) {
      focusTitle();
      return undefined;
    }
    const timer = window.setTimeout(focusTitle, focusDelayMs);
    return () => window.clearTimeout(timer);
  }, [focusDelayMs]);

  useEffect(() => {
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);

  return createPortal(
    <FocusTrap
      focusTrapOptions={{
        initialFocus: false,
        fallbackFocus: () => dialogRef.current ?? document.body,
        // The parent closes the dialog by unmounting it; Escape asks it to.
        escapeDeactivates: () => {
          onCloseRef.current();
          return false;
        },
        clickOutsideDeactivates: false,
        allowOutsideClick: false,
        returnFocusOnDeactivate: true,
      }}
    >
      <div className="modal">
        <div className="modal__backdrop" aria-hidden="true" />
        <div
          ref={dialogRef}
          className={`modal__dialog modal__dialog--${size}`}
          role={role}
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={role === 'alertdialog' ? bodyId : undefined}
        >
          <div className="modal__header">
            <h2 className="modal__title" id={titleId} tabIndex={-1} data-autofocus>
              {title}
            </h2>
            <button type="button" className="modal__close" onClick={onClose}>
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">{closeLabel}</span>
            </button>
          </div>
          <div className="modal__body" id={bodyId}>
            {children}
          </div>
          {footer !== undefined && <div className="modal__footer">{footer}</div>}
        </div>
      </div>
    </FocusTrap>,
    document.body,
  );
}
