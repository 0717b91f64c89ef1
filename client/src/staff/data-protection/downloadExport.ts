import { errorFromResponse } from '@prize/generated/transport/errors';

// The archive is a POST (the address stays out of URLs and logs), so the browser cannot follow
// a link to it: fetched as a blob, then saved through a temporary link.
export async function downloadExport(
  email: string,
  headers: Record<string, string>,
): Promise<void> {
  const response = await fetch('/api/v1/staff/data-protection/exports', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (!response.ok) {
    throw errorFromResponse(response.status, await response.json().catch(() => undefined));
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ??
    'claims-export.zip';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
