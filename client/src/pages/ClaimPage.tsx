export interface ClaimPageProps {
  claimToken: string;
}

// Placeholder: the claim form arrives with the next issue.
export function ClaimPage(_props: ClaimPageProps) {
  return (
    <>
      <h1>Your claim</h1>
      <p>Placeholder: the claim form arrives with the next issue.</p>
    </>
  );
}
