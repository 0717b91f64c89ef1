export interface ReferenceNumberProps {
  claimHashid: string;
}

// The claim reference the claimant quotes (claimHashid of the submit answer).
export function ReferenceNumber({ claimHashid }: ReferenceNumberProps) {
  return (
    <div className="reference">
      <span className="reference__label">Your claim reference number</span>
      <strong className="reference__value">{claimHashid}</strong>
    </div>
  );
}
