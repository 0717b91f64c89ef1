// A claim started on the first instance and carried on on the second: the same database, the
// same store, no state in either process (run by scripts/first-hour/run.ts in a scratch project
// that installed the packed SDK).
import { createPrizeClient, unwrap, uploadClaimFile } from '@prize/sdk';

const first = createPrizeClient({ baseUrl: process.env.FIRST_URL });
const second = createPrizeClient({ baseUrl: process.env.SECOND_URL });
const inboxUrl = process.env.MAILDEV_URL;
const png = () =>
  new Blob(
    [
      Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGM4YaMBAAL8AS3/gzpXAAAAAElFTkSuQmCC',
        'base64',
      ),
    ],
    {
      type: 'image/png',
    },
  );

async function tokenFromInbox(email) {
  for (let attempt = 0; attempt < 60; attempt++) {
    const mails = await (
      await fetch(`${inboxUrl}/api/email?to.address=${encodeURIComponent(email)}`)
    ).json();
    const link = mails
      .map((mail) => /\/claim\/([A-Za-z0-9_-]{22,128})/.exec(mail.text ?? ''))
      .find(Boolean);
    if (link) return link[1];
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no verification e-mail to ${email}`);
}

const email = `two.instances.${Date.now()}@example.com`;
await unwrap(first.POST('/api/v1/claim', { body: { email } }));
console.log('started on the first instance');
const token = await tokenFromInbox(email);
const claim = { params: { path: { id: token } } };
await unwrap(second.PATCH('/api/v1/claim/{id}/verify', claim));
console.log('verified on the second instance');

const found = await unwrap(
  second.GET('/api/address/find', {
    params: { query: { Text: '14 Elm Grove LS6 2AB', Countries: 'GB,IM' } },
  }),
);
const suggestion = found.Items.find((item) => item.Type === 'Address');
const address = (
  await unwrap(second.GET('/api/address/retrieve', { params: { query: { Id: suggestion.Id } } }))
).Items[0];
const identity = await unwrap(
  second.POST('/api/v1/claim/{id}/identity', {
    ...claim,
    body: {
      isOwner: true,
      title: 'Mr',
      firstName: 'Ade',
      lastName: 'Okafor',
      dateOfBirth: '1985-11-02',
      phoneNumber: '07700900456',
      isOverseas: false,
      addressId: address.Id,
      addressLine1: address.Line1,
      addressLine2: address.Line2 || undefined,
      town: address.City,
      county: address.Province || undefined,
      postCode: address.PostalCode,
    },
  }),
);
const upload = (type) =>
  uploadClaimFile(second, token, { type, file: png(), fileName: `${type}.png` });
const front = await upload('ticketFront');
const back = await upload('ticketBack');
const idDocuments = identity.idDocsRequired
  ? {
      idDocument1FileUuid: (await upload('idDocument1')).uuid,
      idDocument2FileUuid: (await upload('idDocument2')).uuid,
    }
  : {};
const submitted = await unwrap(
  second.POST('/api/v1/claim/{id}', {
    ...claim,
    body: {
      identityCheckUuid: identity.uuid,
      idDocsRequired: identity.idDocsRequired,
      ...idDocuments,
      prizeAmountPence: 100000,
      productType: 'SC',
      scBarcodeNumber: '0123-4567890-123',
      scSerialNumber: '123456789',
      scVirn: '0421',
      ticketFrontFileUuid: front.uuid,
      ticketBackFileUuid: back.uuid,
      isTicketInPossession: true,
      isTicketDamaged: false,
      isLotteryRetailer: false,
      isChequePreferred: false,
    },
  }),
);
console.log('submitted on the second instance: claim', submitted.claimHashid);
