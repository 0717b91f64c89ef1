// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { stubApi, withQueryClient } from '../../test/helpers';
import { ClaimStatusPage } from './ClaimStatusPage';

const TOKEN = 'Zs8kP2xLmQ7vR4tYb9nHc3dJf6gA1eUq3Xz9vLmT8sK';

function renderStatusPage() {
  const location = memoryLocation({ path: `/claim/status/${TOKEN}`, record: true });
  render(
    withQueryClient(
      <Router hook={location.hook}>
        <ClaimStatusPage statusToken={TOKEN} />
      </Router>,
    ),
  );
}

describe('ClaimStatusPage (the status link of a submitted claim)', () => {
  it('When opened, then the progress shows from one progress call, with no verify call first', async () => {
    const { calls } = stubApi([
      [
        /GET \/api\/v1\/claim\/.+\/progress$/,
        Response.json({
          reference: 'K7Q2M9XA',
          step: 'reviewed',
          completedSteps: 1,
          paymentMethod: 'cheque',
          infoRequestOpen: false,
        }),
      ],
    ]);
    renderStatusPage();
    await screen.findByRole('heading', { level: 1, name: "Your claim's progress" });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      `GET /api/v1/claim/${TOKEN}/progress`,
    ]);
    expect(screen.getByText(/confirms that the cheque will be posted/)).toBeTruthy();
  });

  it('When the closed claim is past its time (410), then a clear page says so and names Customer Care', async () => {
    stubApi([
      [
        /progress$/,
        Response.json(
          { statusCode: 410, message: 'This claim is closed.', error: 'Gone' },
          { status: 410 },
        ),
      ],
    ]);
    renderStatusPage();
    await screen.findByRole('heading', { level: 1, name: 'This claim is closed' });
    expect(screen.getByText(/call Customer Care on/)).toBeTruthy();
  });

  it('When the link is unknown (404), then the page says the claim cannot be found', async () => {
    stubApi([]);
    renderStatusPage();
    await screen.findByRole('heading', { level: 1, name: 'We cannot find this claim' });
  });
});
