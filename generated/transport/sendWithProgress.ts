// The upload path of http.ts (its `onUploadProgress`), in a module of its own so that only
// pages that upload load it.

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

function responseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

// fetch's contract (a Response, a TypeError when the network fails, the signal's reason when
// aborted) over XMLHttpRequest, for its upload progress events.
export function sendWithProgress(url: string, init: RequestInit, signal: AbortSignal, onUploadProgress: (sent: number, total: number) => void): Promise<Response> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => {
      xhr.abort();
      reject(signal.reason);
    };
    xhr.open(init.method ?? 'GET', url);
    new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.responseType = 'blob';
    xhr.upload.onprogress = (event) => onUploadProgress(event.loaded, event.lengthComputable ? event.total : 0);
    xhr.onload = () => {
      signal.removeEventListener('abort', onAbort);
      const body = NULL_BODY_STATUSES.has(xhr.status) ? null : (xhr.response as Blob);
      resolve(new Response(body, { status: xhr.status, statusText: xhr.statusText, headers: responseHeaders(xhr.getAllResponseHeaders()) }));
    };
    xhr.onerror = () => {
      signal.removeEventListener('abort', onAbort);
      reject(new TypeError('Failed to fetch'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
  });
}
