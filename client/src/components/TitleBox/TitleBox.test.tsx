// @vitest-environment jsdom
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StartPage } from '../../pages/StartPage/StartPage';
import { withQueryClient } from '../../test/helpers';

// The stylesheet as written (the test environment loads no CSS): run from client/ or the root.
const stylesPath = ['src/styles.css', 'client/src/styles.css']
  .map((file) => path.resolve(process.cwd(), file))
  .find((file) => existsSync(file))!;
const styles = readFileSync(stylesPath, 'utf8');

describe('the centred title box (spec section 2, shared pieces)', () => {
  it('When the start page shows, then its title and lead sit in the title box', () => {
    render(withQueryClient(<StartPage />));
    const heading = screen.getByRole('heading', { level: 1, name: 'Start your claim' });
    const box = heading.closest('.title-box');
    expect(box).not.toBeNull();
    expect(box?.textContent).toContain('Claim a prize of more than £500 by post.');
  });

  it('centres its contents', () => {
    const rule = /\.title-box\s*\{([^}]*)\}/.exec(styles)?.[1] ?? '';
    expect(rule).toMatch(/text-align:\s*center/);
    expect(rule).toMatch(/margin:\s*\S+ auto/);
  });
});
