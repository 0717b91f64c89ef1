import { TICKET_SIGNING, type TicketKind } from '@prize/domain';
import { Button } from '../Button/Button';
import {
  PinkTicketIllustration,
  ScratchcardIllustration,
  WhiteTicketIllustration,
} from '../Illustrations/TicketIllustrations';
import { Modal } from '../Modal/Modal';

export type SignedTicketKind = TicketKind;

export interface SignedTicketModalProps {
  kind: SignedTicketKind;
  onConfirm: () => void;
  onClose: () => void;
}

// A pink draw ticket is signed on the back, a white one on the front, a Scratchcard on the back:
// the one rule in @prize/domain, which the ticket-requested e-mail follows too.
export const SIGNED_WHERE = TICKET_SIGNING;

export function SignedTicketModal({ kind, onConfirm, onClose }: SignedTicketModalProps) {
  const { noun, side } = SIGNED_WHERE[kind];
  return (
    <Modal
      title={`Have you signed your ${noun}?`}
      onClose={onClose}
      footer={
        <div className="button-group">
          <Button onClick={onConfirm}>Yes, I have signed it</Button>
          <Button variant="secondary" onClick={onClose}>
            No, I need to sign it
          </Button>
        </div>
      }
    >
      <p>
        Sign your {noun} on the <strong>{side}</strong>, in the signature box, before you post it to
        us. An unsigned {noun} could be claimed by someone else.
      </p>
      <div className="help-slide__picture">
        {kind === 'PINK' && <PinkTicketIllustration highlight="signature" />}
        {kind === 'WHITE' && <WhiteTicketIllustration highlight="signature" />}
        {kind === 'SC' && <ScratchcardIllustration highlight="signature" />}
      </div>
    </Modal>
  );
}
