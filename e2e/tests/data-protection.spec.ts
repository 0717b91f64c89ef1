import { randomUUID } from 'node:crypto';
import { hashPassword } from '../../server/src/modules/staff/auth/passwords.ts';
import { sealTotpSecret, staffKeys } from '../../server/src/modules/staff/auth/staff-secrets.ts';
import { newTotpSecret } from '../../server/src/modules/staff/auth/totp.ts';
import { submittedScratchcardClaim } from '../support/api.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { sql } from '../support/database.ts';
import { uniqueEmail } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';
import { press, signIn, typeInto } from '../support/staff.ts';

/*
 * Issue 36's back-office screens for a claimant's rights, by keyboard: a data protection officer
 * finds every claim for an e-mail address, downloads them as one archive, is refused an erasure
 * without a reason, and erases a paid claim's personal data; the open claim stays. axe on every
 * state.
 */

/** The staff key of the e2e stack (harness/stack.ts). */
const STAFF_SECRET_KEY = 'e2e-staff-secret-key-0123456789abcdef0123';

/** A set-up data protection account, written to the database as a fixture. */
async function dataProtectionOfficer() {
  const account = {
    id: randomUUID(),
    email: uniqueEmail('dpo'),
    name: 'Amara Okafor',
    password: 'correct horse battery staple dpo',
    secret: newTotpSecret(),
  };
  await sql(
    `insert into staff_account (id, email, name, roles, password_hash, totp_secret_sealed, setup_completed_at)
     values ($1, $2, $3, array['data_protection'], $4, $5, now())`,
    [
      account.id,
      account.email,
      account.name,
      await hashPassword(account.password),
      sealTotpSecret(account.secret, staffKeys(STAFF_SECRET_KEY)),
    ],
  );
  return account;
}

test("data protection: find, download and erase a claimant's claims", async ({ page }) => {
  test.setTimeout(180_000);
  const claimantEmail = uniqueEmail('rights');
  const paid = await submittedScratchcardClaim(claimantEmail);
  const open = await submittedScratchcardClaim(claimantEmail);
  await sql(
    `update claim_process set step = 'paid', updated_at = now()
      where claim_id = (select id from claim where hashid = $1)`,
    [paid.hashid],
  );
  const officer = await dataProtectionOfficer();

  await test.step('the officer signs in and finds the claims for the address', async () => {
    await signIn(page, officer);
    await press(page, page.getByRole('link', { name: 'Data protection' }));
    await expect(
      page.getByRole('heading', { name: 'Data protection requests', level: 1 }),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'data protection: search');
    await press(page, page.getByRole('button', { name: 'Find claims' }));
    await expect(page.locator('.error-banner').first()).toContainText(
      'Enter an e-mail address in the correct format',
    );
    await expectNoAxeViolations(page, 'data protection: search error');
    await typeInto(page, page.getByLabel("Claimant's e-mail address"), claimantEmail.toUpperCase());
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('heading', { name: `2 claims for ${claimantEmail.toUpperCase()}` }),
    ).toBeVisible();
    const table = page.getByRole('table');
    await expect(table.getByRole('row', { name: new RegExp(paid.hashid) })).toContainText('Paid');
    await expect(table.getByRole('row', { name: new RegExp(open.hashid) })).toContainText(
      'Kept while the claim is in the process',
    );
    await expectNoAxeViolations(page, 'data protection: claims found');
  });

  await test.step('the officer downloads every claim as one archive', async () => {
    const download = page.waitForEvent('download');
    await press(page, page.getByRole('button', { name: 'Download all as one archive' }));
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^claims-export-\d{4}-\d{2}-\d{2}\.zip$/);
    await expect(page.getByRole('status')).toContainText('has been downloaded');
  });

  await test.step("an erasure needs a reason, then removes the paid claim's personal data", async () => {
    await press(
      page,
      page.getByRole('button', { name: `Erase personal data of claim ${paid.hashid}` }),
    );
    await expect(
      page.getByRole('heading', { name: `Erase the personal data of claim ${paid.hashid}` }),
    ).toBeFocused();
    await expectNoAxeViolations(page, 'data protection: erasure form');
    await press(page, page.getByRole('button', { name: 'Erase personal data', exact: true }));
    await expect(page.locator('.error-banner').first()).toContainText(
      'Enter the reason for the erasure',
    );
    await expectNoAxeViolations(page, 'data protection: erasure without a reason');
    await typeInto(
      page,
      page.getByLabel('Reason for the erasure'),
      'Claimant asked by letter of 20 November 2026',
    );
    await press(page, page.getByRole('button', { name: 'Erase personal data', exact: true }));
    await expect(page.getByRole('status')).toContainText(
      `The personal data of claim ${paid.hashid} has been erased.`,
    );
    // The address is gone from the erased claim: only the open one still holds it.
    await expect(page.getByRole('heading', { name: /^1 claim for / })).toBeVisible();
    await expect(page.getByRole('table')).not.toContainText(paid.hashid);
    await expect(page.getByRole('table')).toContainText(open.hashid);
    await expectNoAxeViolations(page, 'data protection: erased');
  });
});
