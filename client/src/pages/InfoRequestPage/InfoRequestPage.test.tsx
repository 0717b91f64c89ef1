// @vitest-environment jsdom
import { act, render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { validationErrors } from '../../state/validationErrors';
import {
  fillPersonalDetails,
  pngFile,
  stubApi,
  type StubbedCall,
  withQueryClient,
} from '../../test/helpers';
import { InfoRequestPage } from './InfoRequestPage';

const TOKEN = 'Vb8kR2mQ7xLp4sTn9wYc3dHf6gJ1aEuZ';
const IDENTITY_OK = { uuid: '3f1c2b7e-8a4d-4c6b-9e21-5d7a0b9c1e42', idDocsRequired: false };
const IDENTITY_NEEDS_ID = { uuid: '9d4e6f1a-2b3c-4d5e-8f7a-0b1c2d3e4f50', idDocsRequired: true };

type Route = [RegExp, Response | ((call: StubbedCall) => Response)];

const loadOk = (sectionTypeList: string[], extra: object = {}): Route => [
  /GET \/api\/v1\/claim\/info-request\/[^/]+$/,
  Response.json({
    sectionTypeList,
    inactivityMinutes: 20,
    customerCarePhone: '0333 234 5050',
    ...extra,
  }),
];
const identity = (body: object): Route => [
  /POST .*\/info-request\/[^/]+\/identity$/,
  Response.json(body, { status: 201 }),
];
// Each upload gets the uuid of its type, so the body shows which file went where.
const uploads: Route = [
  /POST .*\/info-request\/[^/]+\/file$/,
  (call) =>
    Response.json({ uuid: `uuid-${String((call.body as FormData).get('type'))}` }, { status: 201 }),
];
const submitOk: Route = [
  /POST .*\/info-request\/[^/]+$/,
  Response.json({ claimHashid: 'K7Q2M9XA' }, { status: 201 }),
];

function renderPage(reload = vi.fn()) {
  const location = memoryLocation({ path: `/claim/info-request/${TOKEN}`, record: true });
  render(
    withQueryClient(
      <Router hook={location.hook}>
        <InfoRequestPage infoRequestToken={TOKEN} reload={reload} />
      </Router>,
    ),
  );
  return { location, reload };
}

const sectionTitles = () =>
  screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

async function upload(user: UserEvent, label: string, name: string) {
  await user.upload(screen.getByLabelText(label), pngFile(name));
  await screen.findByText(name);
}

const submitted = (calls: StubbedCall[]) =>
  calls.find((call) => call.method === 'POST' && /info-request\/[^/]+$/.test(call.url))?.body;

afterEach(() => {
  validationErrors.clear();
  vi.useRealTimers();
});

describe('InfoRequestPage loading', () => {
  it('loads the request and shows its sections, numbered, the first open, with the server’s Customer Care number', async () => {
    const { calls } = stubApi([loadOk(['PERSONAL_DETAILS', 'SC_IMAGES'])]);
    renderPage();
    expect(screen.getByRole('status').textContent).toContain('Checking your link');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Amend or add further information' }),
    ).toBeTruthy();
    expect(calls[0]).toMatchObject({ method: 'GET', url: `/api/v1/claim/info-request/${TOKEN}` });
    expect(sectionTitles()).toEqual([
      '1Personal details',
      '2Upload Scratchcard images (complete the sections above first)',
    ]);
    expect(screen.getByLabelText('First name')).toBeTruthy();
    expect(screen.getByRole('link', { name: '0333 234 5050' }).getAttribute('href')).toBe(
      'tel:03332345050',
    );
    expect(document.title).toContain('Amend or add further information');
  });

  it.each([
    [
      'This information has already been submitted.',
      409,
      { statusCode: 409, message: 'This information has already been submitted.' },
    ],
    ['Failed to load request.', 502, '<html>'],
  ])(
    'When loading fails, then it shows %j and a start a new claim button to the start page (%i)',
    async (message, status, body) => {
      stubApi([
        [
          /info-request/,
          typeof body === 'string'
            ? new Response(body, { status })
            : Response.json(body, { status }),
        ],
      ]);
      const { location } = renderPage();
      expect(await screen.findByRole('heading', { level: 1, name: message })).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: 'start a new claim' }));
      expect(location.history?.at(-1)).toBe('/');
    },
  );

  it('When the request lists nothing the page knows, then it fails to load', async () => {
    stubApi([loadOk(['BANK_DETAILS'])]);
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Failed to load request.' }),
    ).toBeTruthy();
  });
});

describe('InfoRequestPage sections', () => {
  it('pink ticket images only: one section that submits, front and back required, then the success page', async () => {
    const { calls } = stubApi([loadOk(['DBG_PINK_IMAGES']), uploads, submitOk]);
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Amend or add further information' });
    expect(sectionTitles()).toEqual(['1Upload ticket images']);

    await user.click(screen.getByRole('button', { name: 'Submit information' }));
    const banner = await screen.findByRole('heading', {
      name: "We couldn't process 2 of your entries.",
    });
    expect(document.activeElement).toBe(banner.parentElement);
    expect(
      screen.getAllByText(
        'You must upload an image of the back of your draw game ticket before you can proceed.',
      ),
    ).toHaveLength(2);

    await upload(user, 'Front of your ticket', 'front.png');
    await upload(user, 'Back of your ticket', 'back.png');
    await user.click(screen.getByRole('button', { name: 'Submit information' }));

    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Your details have been submitted successfully.',
      }),
    ).toBeTruthy();
    expect(submitted(calls)).toEqual({
      sectionTypeList: ['DBG_PINK_IMAGES'],
      ticketFrontFileUuid: 'uuid-ticketFront',
      ticketBackFileUuid: 'uuid-ticketBack',
    });
    expect(screen.getByText('Your claim reference number').nextElementSibling?.textContent).toBe(
      'K7Q2M9XA',
    );
    const steps = within(screen.getByRole('region', { name: 'What happens next?' }));
    expect(steps.getByText(/Winner Services Department will review/)).toBeTruthy();
    expect(steps.getByText(/Keep your ticket or Scratchcard safe/)).toBeTruthy();
    expect(steps.getByText(/quote your claim reference number/).textContent).toContain('K7Q2M9XA');
  });

  it('white ticket images: the front only', async () => {
    const { calls } = stubApi([loadOk(['DBG_WHITE_IMAGES']), uploads, submitOk]);
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Amend or add further information' });
    expect(screen.queryByLabelText('Back of your ticket')).toBeNull();

    await upload(user, 'Front of your ticket', 'front.png');
    await user.click(screen.getByRole('button', { name: 'Submit information' }));

    await screen.findByRole('heading', { name: 'Your details have been submitted successfully.' });
    expect(submitted(calls)).toEqual({
      sectionTypeList: ['DBG_WHITE_IMAGES'],
      ticketFrontFileUuid: 'uuid-ticketFront',
    });
  });

  it('When the identity check asks for ID documents, then that section comes second, the numbers shift and ID_DOCUMENTS is sent', async () => {
    const { calls } = stubApi([
      loadOk(['PERSONAL_DETAILS', 'SC_IMAGES']),
      identity(IDENTITY_NEEDS_ID),
      uploads,
      submitOk,
    ]);
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Amend or add further information' });
    expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy();
    await fillPersonalDetails(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));

    const idTitle = await screen.findByRole('heading', {
      level: 2,
      name: /^2\s*Upload ID documents/,
    });
    expect(document.activeElement).toBe(idTitle);
    expect(sectionTitles()).toEqual([
      '1Personal details (completed)',
      '2Upload ID documents',
      '3Upload Scratchcard images (complete the sections above first)',
    ]);
    expect(screen.getByText(/We could not confirm your identity/)).toBeTruthy();
    expect(screen.getByText('Flat 2')).toBeTruthy();
    await upload(user, 'First ID document', 'passport.png');
    await upload(user, 'Second ID document', 'bill.png');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(
      await screen.findByRole('heading', { level: 2, name: /^3\s*Upload Scratchcard images$/ }),
    ).toBeTruthy();
    await upload(user, 'Front of your Scratchcard', 'front.png');
    await upload(user, 'Back of your Scratchcard', 'back.png');
    await user.click(screen.getByRole('button', { name: 'Submit information' }));

    await screen.findByRole('heading', { name: 'Your details have been submitted successfully.' });
    expect(submitted(calls)).toEqual({
      sectionTypeList: ['PERSONAL_DETAILS', 'ID_DOCUMENTS', 'SC_IMAGES'],
      identityCheckUuid: IDENTITY_NEEDS_ID.uuid,
      idDocsRequired: true,
      idDocument1FileUuid: 'uuid-idDocument1',
      idDocument2FileUuid: 'uuid-idDocument2',
      ticketFrontFileUuid: 'uuid-ticketFront',
      ticketBackFileUuid: 'uuid-ticketBack',
    });
  }, 20_000);

  it('When personal details are the only section, then they submit; if ID documents are then needed, they come next and submit', async () => {
    let identityAnswer: object = IDENTITY_OK;
    const { calls } = stubApi([
      loadOk(['PERSONAL_DETAILS']),
      [/POST .*\/identity$/, () => Response.json(identityAnswer, { status: 201 })],
      uploads,
      submitOk,
    ]);
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Amend or add further information' });
    identityAnswer = IDENTITY_NEEDS_ID;
    await fillPersonalDetails(user);
    await user.click(screen.getByRole('button', { name: 'Submit information' }));

    expect(
      await screen.findByRole('heading', { level: 2, name: /^2\s*Upload ID documents$/ }),
    ).toBeTruthy();
    expect(submitted(calls)).toBeUndefined();
    // Spec section 7: the amend form's identity body has no isOverseas (nor form-only fields).
    expect(calls.find((call) => call.url.endsWith('/identity'))?.body).toEqual({
      isOwner: true,
      title: 'Ms',
      firstName: 'Sarah',
      lastName: "O'Neill",
      dateOfBirth: '1980-03-05',
      phoneNumber: '07700900123',
      addressLine1: 'Flat 2',
      town: 'Douglas',
      postCode: 'IM1 1JE',
    });
    await upload(user, 'First ID document', 'passport.png');
    await upload(user, 'Second ID document', 'bill.png');
    await user.click(screen.getByRole('button', { name: 'Submit information' }));

    await screen.findByRole('heading', { name: 'Your details have been submitted successfully.' });
    expect(submitted(calls)).toMatchObject({
      sectionTypeList: ['PERSONAL_DETAILS', 'ID_DOCUMENTS'],
      idDocsRequired: true,
    });
  }, 20_000);

  it('When the request asks for ID documents, then they are a section of their own with their own wording', async () => {
    stubApi([loadOk(['ID_DOCUMENTS', 'DBG_WHITE_IMAGES'])]);
    renderPage();
    await screen.findByRole('heading', { name: 'Amend or add further information' });
    expect(sectionTitles()).toEqual([
      '1Upload ID documents',
      '2Upload ticket images (complete the sections above first)',
    ]);
    expect(screen.getByText('We need photos of two ID documents.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy();
  });

  it('When the server rejects a file of an earlier section, then that section reopens with the message on its field', async () => {
    let answer = Response.json(
      {
        statusCode: 400,
        message: [
          {
            property: 'idDocument1FileUuid',
            constraints: {
              required:
                'You must upload an image of your first ID document before you can proceed.',
            },
            children: [],
          },
        ],
      },
      { status: 400 },
    );
    stubApi([
      loadOk(['ID_DOCUMENTS', 'DBG_WHITE_IMAGES']),
      uploads,
      [/POST .*\/info-request\/[^/]+$/, () => answer],
    ]);
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Amend or add further information' });
    await upload(user, 'First ID document', 'passport.png');
    await upload(user, 'Second ID document', 'bill.png');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: /^2\s*Upload ticket images$/ });
    await upload(user, 'Front of your ticket', 'front.png');
    await user.click(screen.getByRole('button', { name: 'Submit information' }));

    expect(
      await screen.findByRole('heading', { name: "We couldn't process 1 of your entries." }),
    ).toBeTruthy();
    expect(
      screen.getByRole('heading', { level: 2, name: /^1\s*Upload ID documents$/ }),
    ).toBeTruthy();
    expect(
      screen.getAllByText(
        'You must upload an image of your first ID document before you can proceed.',
      ),
    ).toHaveLength(2);

    answer = Response.json({ claimHashid: 'K7Q2M9XA' }, { status: 201 });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('heading', {
      level: 2,
      name: /^1\s*Upload ID documents \(completed\)$/,
    });
    await user.click(screen.getByRole('button', { name: 'Submit information' }));
    await screen.findByRole('heading', { name: 'Your details have been submitted successfully.' });
  });
});

describe('InfoRequestPage validation errors', () => {
  it('When another call is made after a refused submit, then the errors of the refused call are cleared (spec section 7)', async () => {
    const firstIdMessage =
      'You must upload an image of your first ID document before you can proceed.';
    stubApi([
      loadOk(['ID_DOCUMENTS', 'DBG_WHITE_IMAGES']),
      uploads,
      [
        /POST .*\/info-request\/[^/]+$/,
        Response.json(
          {
            statusCode: 400,
            message: [
              {
                property: 'idDocument1FileUuid',
                name: 'idDocument1FileUuid',
                constraints: { required: firstIdMessage },
                children: [],
              },
            ],
          },
          { status: 400 },
        ),
      ],
    ]);
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Amend or add further information' });
    await upload(user, 'First ID document', 'passport.png');
    await upload(user, 'Second ID document', 'bill.png');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: /^2\s*Upload ticket images$/ });
    await upload(user, 'Front of your ticket', 'front.png');
    await user.click(screen.getByRole('button', { name: 'Submit information' }));
    expect(
      await screen.findByRole('heading', { name: "We couldn't process 1 of your entries." }),
    ).toBeTruthy();
    expect(screen.getAllByText(firstIdMessage)).toHaveLength(2);

    // The next claim call: the front image chosen again, in the other section.
    await user.click(screen.getByRole('button', { name: 'Remove front.png' }));
    await upload(user, 'Front of your ticket', 'front-again.png');

    expect(screen.queryByText(firstIdMessage)).toBeNull();
    expect(screen.queryByText(/We couldn't process/)).toBeNull();
  }, 20_000);
});

describe('InfoRequestPage inactivity', () => {
  it('uses the request’s minutes: warns, then clears the form and offers start again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi([loadOk(['PERSONAL_DETAILS'], { inactivityMinutes: 5 })]);
    const { reload } = renderPage();
    await screen.findByRole('heading', { name: 'Amend or add further information' });

    await act(async () => {
      await vi.advanceTimersByTimeAsync(3 * 60_000);
    });
    const warning = screen.getByRole('alertdialog', { name: 'Do you need more time?' });
    expect(warning.textContent).toContain('we will clear your form');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2 * 60_000);
    });

    expect(
      screen.getByRole('heading', {
        name: 'Your form was cleared as it was left unfinished for 5 minutes',
      }),
    ).toBeTruthy();
    expect(screen.queryByLabelText('First name')).toBeNull();
    expect(window.localStorage.length + window.sessionStorage.length).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'start again' }));
    expect(reload).toHaveBeenCalled();
  });
});

describe('InfoRequestPage save and return', () => {
  it('When the link is opened again, then the saved personal details are completed, the ID documents their check asked for come next, and the saved check is the one sent', async () => {
    const draft: Route = [
      /GET .*\/info-request\/[^/]+\/draft$/,
      Response.json({
        sections: [
          {
            section: 'personalDetails',
            values: {
              isOwner: true,
              title: 'Ms',
              firstName: 'Sarah',
              lastName: "O'Neill",
              dateOfBirth: '1980-03-05',
              phoneNumber: '07700900123',
              isOverseas: false,
              isManualAddress: true,
              addressLine1: 'Flat 2',
              town: 'Douglas',
              postCode: 'IM1 1JE',
            },
            identityCheck: IDENTITY_NEEDS_ID,
          },
        ],
        expiresAt: '2026-11-25T18:20:00Z',
      }),
    ];
    const saved: Route = [
      /PUT .*\/info-request\/[^/]+\/draft\/idDocuments$/,
      Response.json({ expiresAt: '2026-11-25T18:20:00Z' }),
    ];
    const { calls } = stubApi([
      loadOk(['PERSONAL_DETAILS', 'SC_IMAGES']),
      draft,
      saved,
      uploads,
      submitOk,
    ]);
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Amend or add further information' });

    expect(sectionTitles()).toEqual([
      '1Personal details (completed)',
      '2Upload ID documents',
      '3Upload Scratchcard images (complete the sections above first)',
    ]);
    expect(screen.getByText('Flat 2')).toBeTruthy();
    await upload(user, 'First ID document', 'passport.png');
    await upload(user, 'Second ID document', 'bill.png');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: /^3\s*Upload Scratchcard images$/ });
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      values: {
        idDocument1FileUuid: { uuid: 'uuid-idDocument1', fileName: 'passport.png' },
        idDocument2FileUuid: { uuid: 'uuid-idDocument2', fileName: 'bill.png' },
      },
    });

    await upload(user, 'Front of your Scratchcard', 'front.png');
    await upload(user, 'Back of your Scratchcard', 'back.png');
    await user.click(screen.getByRole('button', { name: 'Submit information' }));
    await screen.findByRole('heading', { name: 'Your details have been submitted successfully.' });
    expect(submitted(calls)).toMatchObject({
      identityCheckUuid: IDENTITY_NEEDS_ID.uuid,
      idDocsRequired: true,
    });
    expect(calls.some((call) => call.url.endsWith('/identity'))).toBe(false);
  }, 20_000);
});
