import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Runs axe on the page as it is now and fails the test (softly: the journey carries on, so every
 * state is checked) with each violation listed: rule, impact, help and the offending nodes.
 */
export async function expectNoAxeViolations(page: Page, state: string): Promise<void> {
  await test.step(`axe: ${state}`, async () => {
    // Collapse and fade animations would make colour-contrast results depend on timing.
    await page
      .waitForFunction(
        () => document.getAnimations().every((animation) => animation.playState !== 'running'),
        undefined,
        { timeout: 5_000 },
      )
      .catch(() => undefined);
    const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
    const violations = results.violations.map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n` +
        violation.nodes
          .map(
            (node) => `    ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ')}`,
          )
          .join('\n'),
    );
    expect.soft(violations, `axe violations on '${state}':\n${violations.join('\n')}`).toEqual([]);
  });
}

/** Staff screens are checked at a desktop width and at a phone's. */
export const WIDE = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

/**
 * axe at 1280 and at 390 px, and usable at 390 px: nothing wider than the screen but a table's
 * own scrolling. Leaves the page at 1280 px.
 */
export async function axeAtBothWidths(page: Page, screen: string): Promise<void> {
  await page.setViewportSize(WIDE);
  await expectNoAxeViolations(page, `${screen} (1280 px)`);
  await page.setViewportSize(PHONE);
  await expectNoAxeViolations(page, `${screen} (390 px)`);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${screen}: page wider than 390 px`).toBeLessThanOrEqual(0);
  await page.setViewportSize(WIDE);
}
