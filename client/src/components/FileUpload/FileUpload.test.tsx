// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@prize/generated/transport/errors';
import { renderInForm } from '../../test/helpers';
import { FileUpload, type UploadFile, type UploadProgress } from './FileUpload';

type Values = { ticketFrontFileUuid?: { uuid: string; fileName: string } | null };
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const file = (name: string) => new File([new Uint8Array(PNG_HEAD)], name, { type: 'image/png' });

describe('FileUpload', () => {
  it('shows the accepted formats and size, uploads at once, shows Uploading... then the file with Remove', async () => {
    let finish: (uuid: string) => void = () => undefined;
    const upload = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    const { form } = renderInForm<Values>(
      <FileUpload
        name="ticketFrontFileUuid"
        type="ticketFront"
        label="Front of your ticket"
        upload={upload}
      />,
    );
    expect(screen.getByText(/PNG, JPG, JPEG, HEIC/)).toBeTruthy();
    expect(screen.getByText(/15mb/)).toBeTruthy();

    await userEvent.upload(screen.getByLabelText('Front of your ticket'), file('front.png'));
    expect(upload).toHaveBeenCalledWith(
      'ticketFront',
      expect.any(File),
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
    expect((await screen.findByRole('status')).textContent).toContain('Uploading...');

    finish('7b2e9c14-0f3a-4d8e-a6b1-2c5d9e8f7a30');
    await screen.findByText('front.png');
    expect(form.getState().values.ticketFrontFileUuid).toEqual({
      uuid: '7b2e9c14-0f3a-4d8e-a6b1-2c5d9e8f7a30',
      fileName: 'front.png',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Remove front.png' }));
    expect(form.getState().values.ticketFrontFileUuid ?? null).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Front of your ticket'));
  });

  it("When a PNG is named 'ticket <front>.png', then it is sent as it is and shown with the display name the server keeps", async () => {
    const upload = vi.fn(async () => '7b2e9c14-0f3a-4d8e-a6b1-2c5d9e8f7a30');
    const { form } = renderInForm<Values>(
      <FileUpload
        name="ticketFrontFileUuid"
        type="ticketFront"
        label="Front of your ticket"
        upload={upload}
      />,
    );
    await userEvent.upload(
      screen.getByLabelText('Front of your ticket'),
      file('ticket <front>.png'),
    );
    await screen.findByText('ticket _front_.png');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(form.getState().values.ticketFrontFileUuid?.fileName).toBe('ticket _front_.png');
  });

  it.each([
    [
      new ApiError({ kind: 'general', status: 413, message: 'File is too large' }),
      'File is too large',
    ],
    [
      new ApiError({ kind: 'general', status: 500, message: 'Max file size misconfigured' }),
      'Max file size misconfigured',
    ],
    [
      new ApiError({ kind: 'general', status: 400, message: 'Unsupported file type' }),
      'Failed to upload file',
    ],
  ])(
    'When the upload fails (%#), then the file is cleared and the field says %j',
    async (failure, message) => {
      const upload = vi.fn(() => Promise.reject(failure));
      const { form } = renderInForm<Values>(
        <FileUpload name="ticketFrontFileUuid" type="ticketFront" label="Front" upload={upload} />,
      );

      await userEvent.upload(screen.getByLabelText('Front'), file('big.png'));

      await screen.findByText(message);
      expect(form.getState().values.ticketFrontFileUuid ?? null).toBeNull();
      expect(screen.getByLabelText('Front').getAttribute('aria-describedby')).toContain(
        'field-ticketFrontFileUuid-error',
      );
    },
  );
});

describe('FileUpload before sending', () => {
  const render = (
    upload: UploadFile = vi.fn(() => Promise.resolve('7b2e9c14-0f3a-4d8e-a6b1-2c5d9e8f7a30')),
  ) => {
    const rendered = renderInForm<Values>(
      <FileUpload name="ticketFrontFileUuid" type="ticketFront" label="Front" upload={upload} />,
    );
    return { ...rendered, upload };
  };

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("When the first bytes are not PNG, JPEG or HEIC (a PDF named .jpg), then the spec's failure message shows and nothing is sent", async () => {
    const upload = vi.fn(() => Promise.resolve('never'));
    render(upload);
    await userEvent.upload(
      screen.getByLabelText('Front'),
      new File(['%PDF-1.7 not a photo'], 'scan.jpg', { type: 'image/jpeg' }),
    );
    expect(await screen.findByText('Failed to upload file')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
  });

  it('When a PNG is uploaded, then a small preview shows from an object URL, revoked when the file is removed', async () => {
    const createObjectURL = vi.fn(() => 'blob:preview-1');
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const { container } = render();

    await userEvent.upload(screen.getByLabelText('Front'), file('front.png'));
    await screen.findByText('front.png');
    expect(container.querySelector('img.file-upload__preview')?.getAttribute('src')).toBe(
      'blob:preview-1',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Remove front.png' }));
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    expect(container.querySelector('img')).toBeNull();
  });

  it('When a HEIC is uploaded, then no preview is made', async () => {
    const createObjectURL = vi.fn(() => 'blob:never');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const heic = new Uint8Array([0, 0, 0, 24, ...new TextEncoder().encode('ftypheic'), 0, 0, 0, 0]);
    const { container } = render();
    await userEvent.upload(
      screen.getByLabelText('Front'),
      new File([heic], 'front.heic', { type: 'image/heic' }),
    );
    await screen.findByText('front.heic');
    expect(createObjectURL).not.toHaveBeenCalled();
    expect(container.querySelector('img')).toBeNull();
  });

  it('When an upload is under way, then it shows its progress and Cancel stops it without an error', async () => {
    let progress: UploadProgress | undefined;
    const upload = vi.fn(
      (_type: string, _file: File, given: UploadProgress) =>
        new Promise<string>((_resolve, reject) => {
          progress = given;
          given.signal.addEventListener('abort', () => reject(given.signal.reason));
        }),
    );
    const { form } = render(upload);
    await userEvent.upload(screen.getByLabelText('Front'), file('front.png'));
    const bar = await screen.findByRole('progressbar', { name: 'Upload of front.png' });

    act(() => progress!.onProgress(512, 2048));
    expect(bar.getAttribute('value')).toBe('25');

    await userEvent.click(screen.getByRole('button', { name: 'Cancel upload of front.png' }));
    expect(progress!.signal.aborted).toBe(true);
    await screen.findByLabelText('Front');
    expect(screen.queryByText('Failed to upload file')).toBeNull();
    expect(form.getState().values.ticketFrontFileUuid ?? null).toBeNull();
  });
});
