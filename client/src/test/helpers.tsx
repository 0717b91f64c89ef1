import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { createForm, type FormApi } from 'final-form';
import type { ReactNode } from 'react';
import { Form } from 'react-final-form';
import { vi } from 'vitest';
import { createQueryClient } from '../api/queryClient';

// A field under test inside a real final-form form that validates on blur, as the claim form does.
export function renderInForm<V extends object>(
  children: ReactNode,
  options: {
    initialValues?: Partial<V>;
    validate?: (values: V) => Record<string, string | undefined>;
  } = {},
) {
  const form: FormApi<V> = createForm<V>({
    onSubmit: () => undefined,
    initialValues: options.initialValues as V,
    validate: options.validate,
    validateOnBlur: true,
  });
  const result = render(
    <QueryClientProvider client={createQueryClient()}>
      <Form<V> form={form} onSubmit={() => undefined}>
        {() => <form>{children}</form>}
      </Form>
    </QueryClientProvider>,
  );
  return { ...result, form };
}

export interface StubbedCall {
  url: string;
  method: string;
  body: unknown;
}

type Answer = Response | ((call: StubbedCall) => Response | Promise<Response>);

// fetch answered by URL pattern; records the calls.
export function stubApi(routes: Array<[RegExp, Answer]>) {
  const calls: StubbedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const raw = init?.body;
    const body = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw;
    const call = { url, method, body };
    calls.push(call);
    const route = routes.find(([pattern]) => pattern.test(`${method} ${url}`));
    if (!route)
      return Response.json(
        { statusCode: 404, message: `No stub for ${method} ${url}` },
        { status: 404 },
      );
    const answer = route[1];
    return typeof answer === 'function' ? answer(call) : answer.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', xhrOver(fetchMock));
  return { calls, fetchMock };
}

// Uploads with progress go by XMLHttpRequest (@prize/generated/transport/http): answered by the same stubs.
function xhrOver(fetchMock: (input: string, init?: RequestInit) => Promise<Response>) {
  return class {
    private method = 'GET';
    private url = '';
    private headers = new Headers();
    status = 0;
    statusText = '';
    // Text, not a Blob: jsdom's Blob is not the one the Response of this environment reads.
    response: string | null = null;
    responseType = '';
    private responseHeaders = '';
    upload: {
      onprogress:
        ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null;
    } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers.set(name, value);
    }
    abort() {
      this.onload = null;
    }
    getAllResponseHeaders() {
      return this.responseHeaders;
    }
    send(body: BodyInit | null) {
      void fetchMock(this.url, { method: this.method, body, headers: this.headers }).then(
        async (answer) => {
          this.upload.onprogress?.({ loaded: 1, total: 1, lengthComputable: true });
          this.status = answer.status;
          this.responseHeaders = [...answer.headers]
            .map(([name, value]) => `${name}: ${value}`)
            .join('\r\n');
          this.response = await answer.text();
          this.onload?.();
        },
        () => this.onerror?.(),
      );
    }
  };
}

export function withQueryClient(children: ReactNode) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

// Personal details with a typed Isle of Man address, as the claim and info-request pages ask.
export async function fillPersonalDetails(user: UserEvent) {
  const owner = screen.getByRole('group', {
    name: 'Are you the owner of the ticket or Scratchcard?',
  });
  await user.click(within(owner).getByLabelText('Yes'));
  await user.selectOptions(screen.getByLabelText('Title'), 'Ms');
  await user.type(screen.getByLabelText('First name'), 'Sarah');
  await user.type(screen.getByLabelText('Last name'), "O'Neill");
  await user.selectOptions(screen.getByLabelText('Day'), '5');
  await user.selectOptions(screen.getByLabelText('Month'), '3');
  await user.selectOptions(screen.getByLabelText('Year'), '1980');
  await user.type(screen.getByLabelText('Phone number'), '07700 900123');
  await user.click(screen.getByRole('button', { name: 'Enter your address manually' }));
  await user.type(screen.getByLabelText('Address line 1'), 'Flat 2');
  await user.type(screen.getByLabelText('Town or city'), 'Douglas');
  await user.type(screen.getByLabelText('Postcode'), 'IM1 1JE');
}

// A tiny PNG to choose in a file field.
export const pngFile = (name: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])], name, {
    type: 'image/png',
  });
