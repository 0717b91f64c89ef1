import { useGetHealth } from '@prize/generated/client';

// Proves the wiring end to end: generated hook, mutator, error mapping.
export function ServiceStatus() {
  const { data, error, isPending } = useGetHealth();

  if (error) {
    return (
      <div className="notice notice--error" role="alert">
        {error.message}
      </div>
    );
  }
  if (isPending) {
    return <p role="status">Checking the service…</p>;
  }
  return (
    <p role="status">{`Service status: ${data.data.status} / database ${data.data.database}`}</p>
  );
}
