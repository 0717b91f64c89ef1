// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { withQueryClient } from '../../test/helpers';
import { ClaimLink } from './ClaimLink';

// The claim page's chunk still on its way.
vi.mock('./ClaimPage', () => new Promise(() => undefined));

describe('a claim link', () => {
  it("when the page is taken over, then the link's first call goes out before the claim page's chunk has arrived", async () => {
    const fetch = vi.fn((_url: string) => new Promise<Response>(() => undefined));
    vi.stubGlobal('fetch', fetch);
    const { getByRole } = render(withQueryClient(<ClaimLink claimToken="q3Xz9vLmT8sKp2RwYb7n" />));

    expect(getByRole('heading', { name: 'Claim your prize', level: 1 })).toBeTruthy();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(String(fetch.mock.calls[0]![0])).toMatch(/\/api\/v1\/claim\/q3Xz9vLmT8sKp2RwYb7n$/);
  });
});
