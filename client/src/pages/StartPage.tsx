import { ServiceStatus } from '../components/ServiceStatus';

export function StartPage() {
  return (
    <>
      <h1>Start your claim</h1>
      <p>Claim a prize of more than £500 by post.</p>
      <ServiceStatus />
    </>
  );
}
