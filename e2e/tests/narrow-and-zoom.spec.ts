import type { Page } from '@playwright/test';
import { randomDigits, randomSerial } from '../support/api.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import {
  completeAboutTicket,
  completeClaimDetails,
  completeIdDocuments,
  completePersonalDetails,
  completeTicketImages,
  openClaim,
  startClaim,
  submitClaim,
} from '../support/claim-form.ts';
import { uniqueEmail } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';

/** WCAG 2.2 reflow (1.4.10): content fits the width, nothing scrolls sideways. */
async function fitsWidth(page: Page, state: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  // The narrow layout is the one measured.
  expect(clientWidth).toBeLessThanOrEqual(page.viewportSize()!.width);
  expect
    .soft(
      scrollWidth,
      `${state}: the page scrolls sideways (${scrollWidth} px in ${clientWidth} px)`,
    )
    .toBeLessThanOrEqual(clientWidth);
}

async function checked(page: Page, state: string): Promise<void> {
  await fitsWidth(page, state);
  await expectNoAxeViolations(page, state);
}

// 320 CSS px is a small phone; a 1280 x 900 window at 200 % zoom lays the page out in 640 x 450
// CSS px with two device pixels to each.
for (const { name, viewport, deviceScaleFactor } of [
  { name: '320 px wide', viewport: { width: 320, height: 640 }, deviceScaleFactor: 1 },
  { name: '200 % zoom', viewport: { width: 640, height: 450 }, deviceScaleFactor: 2 },
]) {
  test.describe(name, () => {
    test.use({ viewport, deviceScaleFactor });

    test(`at ${name} every section, ID documents included, is completed without sideways scrolling, axe clean`, async ({
      page,
    }) => {
      const link = await startClaim(page, uniqueEmail('narrow'));
      await checked(page, `${name}: start page, link sent`);
      await openClaim(page, link, { axe: false });
      await checked(page, `${name}: personal details`);

      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByText(/We couldn't process \d+ of your entries\./)).toBeVisible();
      await checked(page, `${name}: personal details errors`);
      // The Isle of Man address asks for ID documents: every section is on the page.
      await completePersonalDetails(page, {
        address: {
          manual: { line1: 'Flat 2, 11 Athol Street', town: 'Douglas', postCode: 'IM1 1JE' },
        },
      });
      await checked(page, `${name}: ID documents`);
      await completeIdDocuments(page);
      await checked(page, `${name}: claim details`);
      await completeClaimDetails(page);
      await checked(page, `${name}: about your ticket`);
      await completeAboutTicket(page, {
        kind: 'pink',
        serial: randomSerial(),
        term: randomDigits(8),
        amount: '1250.00',
      });
      await checked(page, `${name}: ticket images`);
      await completeTicketImages(page, 'pink');
      await checked(page, `${name}: payment`);
      await submitClaim(page);
      await checked(page, `${name}: submitted`);
    });
  });
}
