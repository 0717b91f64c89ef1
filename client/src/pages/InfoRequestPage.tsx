export interface InfoRequestPageProps {
  infoRequestToken: string;
}

// Placeholder: the amend form arrives with the next issue.
export function InfoRequestPage(_props: InfoRequestPageProps) {
  return (
    <>
      <h1>Add further information</h1>
      <p>Placeholder: the amend form arrives with the next issue.</p>
    </>
  );
}
