import { operatorClaim, randomSerial } from '../support/api.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { expectSubmitted, section } from '../support/claim-form.ts';
import { image, imageFileName, uniqueEmail } from '../support/env.ts';
import {
  chooseFileByKeyboard,
  chooseOption,
  countPointerPresses,
  pointerPresses,
  pressButton,
  tabTo,
  typeInto,
} from '../support/keyboard.ts';
import { verificationLink } from '../support/mail.ts';
import { expect, test } from '../support/fixtures.ts';

test('the whole claim completed by keyboard alone (pink ticket, not the owner, ID documents)', async ({
  page,
}) => {
  await countPointerPresses(page);
  const email = uniqueEmail('keyboard');

  // Start page: Tab to the e-mail field, type, Enter submits.
  await page.goto('/');
  await typeInto(page, page.getByLabel('Email address'), email);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  // Following the e-mailed link.
  await page.goto(await verificationLink(email));
  await expect(page.getByRole('heading', { name: 'Claim your prize', level: 1 })).toBeVisible();
  // The heading shows while the link is checked; the form follows it.
  await expect(page.getByRole('heading', { name: /Personal details/, level: 2 })).toBeVisible();

  // 1 Personal details. Arrow keys move (and check) within a radio group.
  const owner = page.getByRole('group', {
    name: 'Are you the owner of the ticket or Scratchcard?',
  });
  await tabTo(page, owner.getByLabel('Yes'));
  await page.keyboard.press('ArrowRight');
  await expect(owner.getByLabel('No')).toBeChecked();
  await chooseOption(page, page.getByLabel('Title'), 'Mrs');
  await typeInto(page, page.getByLabel('First name'), 'Zoë');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Ní Bhriain');
  await chooseOption(page, page.getByLabel('Day'), '14');
  await chooseOption(page, page.getByLabel('Month'), 'February');
  await chooseOption(page, page.getByLabel('Year'), '1984');
  await typeInto(page, page.getByLabel('Phone number'), '07700900789');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Find your address')).toBeFocused();
  await page.keyboard.type('SW1A 2AA');
  await pressButton(
    page,
    page.getByRole('list', { name: 'Addresses found' }).getByRole('button', { name: /SW1A 2AA/ }),
  );
  await pressButton(
    page,
    page
      .getByRole('list', { name: 'Addresses found' })
      .getByRole('button', { name: /10 Downing Street/ }),
  );
  await expect(page.getByRole('button', { name: 'Look up another address' })).toBeVisible();
  await pressButton(page, page.getByRole('button', { name: 'Next' }));

  // 2 ID documents (not the owner): the list of acceptable documents opens and closes by keyboard.
  const ids = section(page, /Upload ID documents/);
  await pressButton(page, ids.getByRole('button', { name: 'Acceptable ID documents' }));
  const dialog = page.getByRole('dialog', { name: 'Acceptable ID documents' });
  await expect(dialog).toBeVisible();
  for (let presses = 0; presses < 4; presses += 1) {
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => Boolean(document.activeElement?.closest('[role=dialog]'))),
      'focus stays in the dialog',
    ).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await chooseFileByKeyboard(
    page,
    ids.getByLabel('First ID document', { exact: true }),
    image('idDocument1'),
    imageFileName('idDocument1'),
  );
  await chooseFileByKeyboard(
    page,
    ids.getByLabel('Second ID document', { exact: true }),
    image('idDocument2'),
    imageFileName('idDocument2'),
  );
  await pressButton(page, ids.getByRole('button', { name: 'Next' }));

  // 3 Claim details: Space answers Yes, ArrowRight moves to No.
  const details = section(page, /Claim details/);
  await tabTo(page, details.getByRole('group', { name: /in your possession/ }).getByLabel('Yes'));
  await page.keyboard.press('Space');
  for (const legend of [/damaged/, /work for/]) {
    await tabTo(page, details.getByRole('group', { name: legend }).getByLabel('Yes'));
    await page.keyboard.press('ArrowRight');
    await expect(details.getByRole('group', { name: legend }).getByLabel('No')).toBeChecked();
  }
  await pressButton(page, details.getByRole('button', { name: 'Next' }));

  // 4 About your ticket; Enter in the last field submits the section.
  const about = section(page, /About your ticket/);
  await tabTo(page, about.getByRole('radio', { name: 'Draw based game ticket' }));
  await page.keyboard.press('Space');
  await chooseOption(page, about.getByLabel('Which game?'), 'Thunderball');
  await tabTo(page, about.getByRole('radio', { name: 'Pink' }));
  await page.keyboard.press('Space');
  const serial = randomSerial();
  await typeInto(page, about.getByLabel('Serial number'), serial.replace(/-/g, ''));
  await expect(about.getByLabel('Serial number')).toHaveValue(serial);
  await typeInto(page, about.getByLabel('Term number'), '40123456');
  await typeInto(page, about.getByLabel('How much did you win?'), '900');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Edit about your ticket' })).toBeVisible();

  // 5 Ticket images, then the signed-ticket question.
  const images = section(page, /Upload ticket or Scratchcard images/);
  await chooseFileByKeyboard(
    page,
    images.getByLabel('Front of your ticket', { exact: true }),
    image('ticketFront'),
    imageFileName('ticketFront'),
  );
  await chooseFileByKeyboard(
    page,
    images.getByLabel('Back of your ticket', { exact: true }),
    image('ticketBack'),
    imageFileName('ticketBack'),
  );
  await pressButton(page, images.getByRole('button', { name: 'Next' }));
  const signed = page.getByRole('dialog', { name: /Have you signed/ });
  await expect(signed).toBeVisible();
  await pressButton(page, signed.getByRole('button', { name: /Yes, I have signed it/ }));

  // 6 Payment and submit.
  const payment = section(page, /Payment and submit/);
  await tabTo(page, payment.getByLabel('I would prefer to be paid by cheque'));
  await page.keyboard.press('Space');
  await expect(payment.getByLabel('I would prefer to be paid by cheque')).toBeChecked();
  await pressButton(page, payment.getByRole('button', { name: 'Submit claim' }));
  const reference = await expectSubmitted(page);
  await expectNoAxeViolations(page, 'keyboard: submitted');
  expect(await pointerPresses(page), 'pointer presses during the journey').toBe(0);

  const claim = await operatorClaim(reference);
  expect(claim).toMatchObject({
    idDocsRequired: true,
    personalDetails: {
      isOwner: false,
      title: 'Mrs',
      firstName: 'Zoë',
      lastName: 'Ní Bhriain',
      dateOfBirth: '1984-02-14',
      dpsCode: '1A',
    },
    ticketDetails: {
      dbgGame: 'Thunderball',
      dbgTicketType: 'PINK',
      dbgTicketNumber: serial,
      prizeAmountPence: 90000,
    },
    claimDetails: { isChequePreferred: true, isTicketDamaged: false, isLotteryRetailer: false },
  });
});
