// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

// The server writes these into index.html (server/src/http/client-app.ts) before any script runs;
// here they are written before the modules under test are imported, as the browser would see them.
vi.hoisted(() => {
  const settings: Record<string, string> = {
    'claim-inactivity-minutes': '5',
    'info-request-inactivity-minutes': '7',
    'max-file-size': String(4 * 1024 * 1024),
    'operator-site-url': 'https://www.lottery.co.uk/',
    'app-store-url': 'https://apps.apple.com/gb/app/lottery/id1',
    'google-play-url': 'javascript:alert(1)',
  };
  for (const [name, content] of Object.entries(settings)) {
    const meta = document.createElement('meta');
    meta.name = name;
    meta.content = content;
    document.head.append(meta);
  }
});

import { pageConfig } from './config';
import { FileUpload } from './components/FileUpload/FileUpload';
import { StartPage } from './pages/StartPage/StartPage';
import { renderInForm, withQueryClient } from './test/helpers';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];

describe('settings from the page the server wrote', () => {
  it('when the server says 5 minutes, then the start page promises 5 minutes', () => {
    render(withQueryClient(<StartPage />));
    expect(screen.getByText(/cleared after 5 minutes of inactivity/)).toBeTruthy();
  });

  it('when the server says 4mb, then the upload box says 4mb and a larger file is refused at once, nothing sent', async () => {
    const upload = vi.fn(() => Promise.resolve('never'));
    const { form } = renderInForm<{ ticketFrontFileUuid?: unknown }>(
      <FileUpload
        name="ticketFrontFileUuid"
        type="ticketFront"
        label="Front of your ticket"
        upload={upload}
      />,
    );
    expect(screen.getByText(/Maximum file size 4mb\./)).toBeTruthy();

    const big = new File([new Uint8Array(PNG_HEAD), new Uint8Array(4 * 1024 * 1024)], 'big.png', {
      type: 'image/png',
    });
    await userEvent.upload(screen.getByLabelText('Front of your ticket'), big);
    expect(await screen.findByText('File is too large')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
    expect(form.getState().values.ticketFrontFileUuid ?? null).toBeNull();
  });

  it("when the server names the operator's site and the stores, then the links use them, and a link that is not http(s) falls back", () => {
    expect(pageConfig.infoRequestInactivityMinutes).toBe(7);
    expect(pageConfig.links.home).toBe('https://www.lottery.co.uk/');
    expect(pageConfig.links.lostTicket).toBe(
      'https://www.lottery.co.uk/lost-stolen-destroyed-or-damaged-ticket',
    );
    expect(pageConfig.links.appStore).toBe('https://apps.apple.com/gb/app/lottery/id1');
    expect(pageConfig.links.googlePlay).toBe('https://play.google.com/store/apps');
  });
});
