import { describe, expect, it } from 'vitest';
import { validateTicketImages } from './claimForm';
import {
  imageKind,
  infoRequestSections,
  infoSectionTitle,
  readSectionTypes,
  ticketForKind,
  toInfoRequestSubmission,
  withIdDocuments,
  type InfoRequestValues,
} from './infoRequest';
import { flowReducer, INITIAL_FLOW, sectionStatus } from './sections';

const file = (uuid: string) => ({ uuid, fileName: `${uuid}.jpg` });

describe('the sections an info request shows', () => {
  it('keeps the server’s order, known values once each, and one kind of ticket images', () => {
    expect(readSectionTypes(['SC_IMAGES', 'PERSONAL_DETAILS'])).toEqual([
      'SC_IMAGES',
      'PERSONAL_DETAILS',
    ]);
    expect(
      readSectionTypes([
        'PERSONAL_DETAILS',
        'PERSONAL_DETAILS',
        'BANK_DETAILS',
        'DBG_WHITE_IMAGES',
        'SC_IMAGES',
      ]),
    ).toEqual(['PERSONAL_DETAILS', 'DBG_WHITE_IMAGES']);
    expect(readSectionTypes(['SOMETHING_NEW'])).toEqual([]);
  });

  it.each([
    [['PERSONAL_DETAILS'], false, ['personalDetails']],
    [['PERSONAL_DETAILS', 'SC_IMAGES'], false, ['personalDetails', 'ticketImages']],
    [['DBG_PINK_IMAGES'], false, ['ticketImages']],
    [['ID_DOCUMENTS'], false, ['idDocuments']],
    [['PERSONAL_DETAILS', 'ID_DOCUMENTS'], false, ['personalDetails', 'idDocuments']],
  ] as const)(
    'When the request is %j (ID documents required: %s), then it shows %j',
    (list, required, shown) => {
      expect(infoRequestSections(list, required)).toEqual(shown);
    },
  );

  it('numbers the sections by their place, so the numbers follow an inserted section', () => {
    const before = infoRequestSections(['PERSONAL_DETAILS', 'DBG_WHITE_IMAGES'], false);
    const after = infoRequestSections(['PERSONAL_DETAILS', 'DBG_WHITE_IMAGES'], true);
    expect(before.indexOf('ticketImages') + 1).toBe(2);
    expect(after.indexOf('ticketImages') + 1).toBe(3);
    expect(after.at(-1)).toBe('ticketImages');
  });

  it('unlocks the sections one after another, as the claim form does', () => {
    const order = infoRequestSections(['PERSONAL_DETAILS', 'SC_IMAGES'], true);
    const flow = flowReducer(INITIAL_FLOW, { type: 'complete', id: 'personalDetails' });
    expect(order.map((id) => sectionStatus(flow, order, id))).toEqual([
      'collapsed',
      'open',
      'locked',
    ]);
  });
});

describe('the ID documents rule', () => {
  it('When the new identity check asks for ID documents and the request lacks them, then they come right after personal details', () => {
    expect(withIdDocuments(['PERSONAL_DETAILS', 'SC_IMAGES'], true)).toEqual([
      'PERSONAL_DETAILS',
      'ID_DOCUMENTS',
      'SC_IMAGES',
    ]);
    expect(withIdDocuments(['SC_IMAGES', 'PERSONAL_DETAILS'], true)).toEqual([
      'SC_IMAGES',
      'PERSONAL_DETAILS',
      'ID_DOCUMENTS',
    ]);
    expect(infoRequestSections(['PERSONAL_DETAILS'], true)).toEqual([
      'personalDetails',
      'idDocuments',
    ]);
  });

  it('When the request already has ID documents, then they stay where the request put them, once', () => {
    expect(withIdDocuments(['ID_DOCUMENTS', 'PERSONAL_DETAILS'], true)).toEqual([
      'ID_DOCUMENTS',
      'PERSONAL_DETAILS',
    ]);
    expect(infoRequestSections(['ID_DOCUMENTS', 'PERSONAL_DETAILS'], true)).toEqual([
      'idDocuments',
      'personalDetails',
    ]);
  });

  it('When the identity check does not ask for them, or there is no identity check, then nothing is added', () => {
    expect(withIdDocuments(['PERSONAL_DETAILS', 'SC_IMAGES'], false)).toEqual([
      'PERSONAL_DETAILS',
      'SC_IMAGES',
    ]);
    expect(withIdDocuments(['DBG_PINK_IMAGES'], true)).toEqual(['DBG_PINK_IMAGES']);
  });
});

describe('ticket images of the requested kind', () => {
  it.each([
    ['DBG_PINK_IMAGES', 'Upload ticket images', 'draw game ticket', true],
    ['DBG_WHITE_IMAGES', 'Upload ticket images', 'draw game ticket', false],
    ['SC_IMAGES', 'Upload Scratchcard images', 'Scratchcard', true],
  ] as const)('%s: titled %j, worded for a %s, back needed: %s', (kind, title, noun, back) => {
    expect(imageKind(['PERSONAL_DETAILS', kind])).toBe(kind);
    expect(infoSectionTitle('ticketImages', kind)).toBe(title);
    const errors = validateTicketImages({}, ticketForKind(kind));
    expect(errors.ticketFrontFileUuid).toBe(
      `You must upload an image of the front of your ${noun} before you can proceed.`,
    );
    expect(errors.ticketBackFileUuid).toBe(
      back
        ? `You must upload an image of the back of your ${noun} before you can proceed.`
        : undefined,
    );
  });

  it('titles the other sections as the claim form does', () => {
    expect(infoSectionTitle('personalDetails', undefined)).toBe('Personal details');
    expect(infoSectionTitle('idDocuments', undefined)).toBe('Upload ID documents');
  });
});

describe('the info request body', () => {
  const values: InfoRequestValues = {
    sectionTypeList: ['PERSONAL_DETAILS', 'SC_IMAGES'],
    identity: { uuid: '9d4e6f1a-2b3c-4d5e-8f7a-0b1c2d3e4f50', idDocsRequired: false },
    idDocuments: { idDocument1FileUuid: file('d1'), idDocument2FileUuid: file('d2') },
    ticketImages: { ticketFrontFileUuid: file('f'), ticketBackFileUuid: file('b') },
  };

  it('sends the identity check and the Scratchcard’s front and back, and no ID documents when not asked for', () => {
    expect(toInfoRequestSubmission(values)).toEqual({
      sectionTypeList: ['PERSONAL_DETAILS', 'SC_IMAGES'],
      identityCheckUuid: '9d4e6f1a-2b3c-4d5e-8f7a-0b1c2d3e4f50',
      idDocsRequired: false,
      ticketFrontFileUuid: 'f',
      ticketBackFileUuid: 'b',
    });
  });

  it('When the identity check asks for ID documents, then ID_DOCUMENTS joins the list after personal details, with both files', () => {
    expect(
      toInfoRequestSubmission({ ...values, identity: { uuid: 'id-2', idDocsRequired: true } }),
    ).toEqual({
      sectionTypeList: ['PERSONAL_DETAILS', 'ID_DOCUMENTS', 'SC_IMAGES'],
      identityCheckUuid: 'id-2',
      idDocsRequired: true,
      idDocument1FileUuid: 'd1',
      idDocument2FileUuid: 'd2',
      ticketFrontFileUuid: 'f',
      ticketBackFileUuid: 'b',
    });
  });

  it('sends a white ticket’s front only', () => {
    const body = toInfoRequestSubmission({
      ...values,
      sectionTypeList: ['DBG_WHITE_IMAGES'],
      identity: null,
    });
    expect(body).toEqual({ sectionTypeList: ['DBG_WHITE_IMAGES'], ticketFrontFileUuid: 'f' });
  });

  it('sends standalone ID documents as asked, without an identity check', () => {
    const body = toInfoRequestSubmission({
      ...values,
      sectionTypeList: ['ID_DOCUMENTS'],
      identity: null,
      ticketImages: {},
    });
    expect(body).toEqual({
      sectionTypeList: ['ID_DOCUMENTS'],
      idDocument1FileUuid: 'd1',
      idDocument2FileUuid: 'd2',
    });
  });

  it('leaves out what is missing (the server names it) and never sends an identity check not asked for', () => {
    const body = toInfoRequestSubmission({
      sectionTypeList: ['DBG_PINK_IMAGES'],
      identity: { uuid: 'stray', idDocsRequired: true },
      idDocuments: {},
      ticketImages: { ticketFrontFileUuid: file('f'), ticketBackFileUuid: null },
    });
    expect(body).toEqual({ sectionTypeList: ['DBG_PINK_IMAGES'], ticketFrontFileUuid: 'f' });
  });
});
