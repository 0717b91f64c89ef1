import { Modal } from '../Modal/Modal';

export interface IdDocumentsModalProps {
  onClose: () => void;
}

export function IdDocumentsModal({ onClose }: IdDocumentsModalProps) {
  return (
    <Modal title="Acceptable ID documents" onClose={onClose}>
      <p>Upload a clear photo of two different documents. Each must show your full name.</p>
      <h3 className="heading-s">First ID document: photo ID</h3>
      <ul className="list list--bullet">
        <li>passport (UK or foreign, in date)</li>
        <li>UK photocard driving licence (full or provisional)</li>
        <li>Isle of Man photocard driving licence</li>
        <li>national identity card from the EU, EEA or Switzerland</li>
        <li>biometric residence permit</li>
      </ul>
      <h3 className="heading-s">Second ID document: proof of address</h3>
      <p>Dated within the last 3 months and showing the address you gave us:</p>
      <ul className="list list--bullet">
        <li>utility bill (gas, electricity, water, landline or broadband)</li>
        <li>bank or building society statement</li>
        <li>council tax bill for the current year</li>
        <li>HM Revenue and Customs or Department for Work and Pensions letter</li>
      </ul>
      <p>We cannot accept mobile phone bills, screenshots or photocopies.</p>
    </Modal>
  );
}
