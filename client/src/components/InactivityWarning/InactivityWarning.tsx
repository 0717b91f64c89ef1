import { useEffect, useState } from 'react';
import { formatRemaining } from '../../domain/inactivity';
import { Button } from '../Button/Button';
import { Modal } from '../Modal/Modal';

export interface InactivityWarningProps {
  // When the form will be cleared (epoch ms).
  clearsAt: number;
  onContinue: () => void;
  now?: () => number;
  // What is cleared: 'claim form' on the claim page, 'form' on the info-request page.
  formName?: string;
  closeLabel?: string;
}

// WCAG 2.2.1 Timing Adjustable: warn before clearing and let the claimant ask for more time
// (the GOV.UK timeout-warning pattern). The countdown is visual; the announcement says it once.
export function InactivityWarning({
  clearsAt,
  onContinue,
  now = Date.now,
  formName = 'claim form',
  closeLabel = 'Continue with your claim',
}: InactivityWarningProps) {
  const [remaining, setRemaining] = useState(() => clearsAt - now());
  const [announced] = useState(() => formatRemaining(clearsAt - now()));
  useEffect(() => {
    const timer = window.setInterval(() => setRemaining(clearsAt - now()), 1000);
    return () => window.clearInterval(timer);
  }, [clearsAt, now]);
  return (
    <Modal
      role="alertdialog"
      title="Do you need more time?"
      onClose={onContinue}
      closeLabel={closeLabel}
      footer={<Button onClick={onContinue}>Continue</Button>}
    >
      <p className="visually-hidden">
        For your security, we will clear your {formName} in {announced} if you do nothing. Choose
        Continue to keep your answers.
      </p>
      <p aria-hidden="true">
        For your security, we will clear your {formName} in{' '}
        <strong className="countdown">{formatRemaining(remaining)}</strong> if you do nothing.
      </p>
      <p aria-hidden="true">Choose Continue to keep your answers.</p>
    </Modal>
  );
}
