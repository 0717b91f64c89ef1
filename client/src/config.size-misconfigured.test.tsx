// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

// A page whose max-file-size tag is not a size, written before the modules under test load.
const reported = vi.hoisted(() => {
  const meta = document.createElement('meta');
  meta.name = 'max-file-size';
  meta.content = 'fifteen megabytes';
  document.head.append(meta);
  const spy = { messages: [] as unknown[] };
  const original = console.error;
  console.error = (...args: unknown[]) => {
    spy.messages.push(args[0]);
    if (!String(args[0]).includes('max-file-size')) original(...args);
  };
  return spy;
});

import { maxFileSizeSetting, pageConfig } from './config';
import { FileUpload } from './components/FileUpload/FileUpload';
import { renderInForm } from './test/helpers';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];

describe('an unparseable size setting reaching the page (spec section 5)', () => {
  it('when the setting is not a size, then it is not replaced by 15mb: it is reported and every upload is refused as misconfigured, nothing sent', async () => {
    expect(pageConfig.maxFileSize).toBeUndefined();
    expect(reported.messages).toContainEqual(expect.stringContaining('max-file-size'));
    const upload = vi.fn(() => Promise.resolve('never'));
    const { form } = renderInForm<{ ticketFrontFileUuid?: unknown }>(
      <FileUpload
        name="ticketFrontFileUuid"
        type="ticketFront"
        label="Front of your ticket"
        upload={upload}
      />,
    );
    expect(screen.queryByText(/Maximum file size/)).toBeNull();

    const small = new File([new Uint8Array(PNG_HEAD), new Uint8Array(1024)], 'small.png', {
      type: 'image/png',
    });
    await userEvent.upload(screen.getByLabelText('Front of your ticket'), small);
    expect(await screen.findByText('Max file size misconfigured')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
    expect(form.getState().values.ticketFrontFileUuid ?? null).toBeNull();
  });

  it('reads the sizes the setting may be written in, and only a missing tag takes the fallback', () => {
    const fallback = 15 * 1024 * 1024;
    expect(maxFileSizeSetting(undefined, fallback)).toBe(fallback);
    expect(maxFileSizeSetting('4194304', fallback)).toBe(4 * 1024 * 1024);
    expect(maxFileSizeSetting('15mb', fallback)).toBe(fallback);
    for (const unreadable of ['15 megs', '0', '-1', 'mb', 'Infinity'])
      expect(maxFileSizeSetting(unreadable, fallback), unreadable).toBeUndefined();
  });
});
