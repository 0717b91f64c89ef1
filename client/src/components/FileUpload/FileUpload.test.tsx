// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@prize/generated/transport/errors';
import { renderInForm } from '../../test/helpers';
import { FileUpload } from './FileUpload';

type Values = { ticketFrontFileUuid?: { uuid: string; fileName: string } | null };
const file = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

describe('FileUpload', () => {
  it('shows the accepted formats and size, uploads at once, shows Uploading... then the file with Remove', async () => {
    let finish: (uuid: string) => void = () => undefined;
    const upload = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    const { form } = renderInForm<Values>(<FileUpload name="ticketFrontFileUuid" type="ticketFront" label="Front of your ticket" upload={upload} />);
    expect(screen.getByText(/PNG, JPG, JPEG, HEIC/)).toBeTruthy();
    expect(screen.getByText(/15mb/)).toBeTruthy();

    await userEvent.upload(screen.getByLabelText('Front of your ticket'), file('front.png'));
    expect(upload).toHaveBeenCalledWith('ticketFront', expect.any(File));
    expect(screen.getByRole('status').textContent).toContain('Uploading...');

    finish('7b2e9c14-0f3a-4d8e-a6b1-2c5d9e8f7a30');
    await screen.findByText('front.png');
    expect(form.getState().values.ticketFrontFileUuid).toEqual({ uuid: '7b2e9c14-0f3a-4d8e-a6b1-2c5d9e8f7a30', fileName: 'front.png' });

    await userEvent.click(screen.getByRole('button', { name: 'Remove front.png' }));
    expect(form.getState().values.ticketFrontFileUuid ?? null).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Front of your ticket'));
  });

  it.each([
    [new ApiError({ kind: 'general', status: 413, message: 'File is too large' }), 'File is too large'],
    [new ApiError({ kind: 'general', status: 500, message: 'Max file size misconfigured' }), 'Max file size misconfigured'],
    [new ApiError({ kind: 'general', status: 400, message: 'Unsupported file type' }), 'Failed to upload file'],
  ])('When the upload fails (%#), then the file is cleared and the field says %j', async (failure, message) => {
    const upload = vi.fn(() => Promise.reject(failure));
    const { form } = renderInForm<Values>(<FileUpload name="ticketFrontFileUuid" type="ticketFront" label="Front" upload={upload} />);

    await userEvent.upload(screen.getByLabelText('Front'), file('big.png'));

    await screen.findByText(message);
    expect(form.getState().values.ticketFrontFileUuid ?? null).toBeNull();
    expect(screen.getByLabelText('Front').getAttribute('aria-describedby')).toContain('field-ticketFrontFileUuid-error');
  });
});
