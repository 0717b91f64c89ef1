import { describe, expect, it } from 'vitest';
import { askableSections, imageSectionsOf } from './files.ts';

describe('the sections an info request may ask for', () => {
  it.each([
    [{ productType: 'SC' as const }, ['SC_IMAGES']],
    [{ productType: 'DBG' as const, dbgTicketType: 'PINK' as const }, ['DBG_PINK_IMAGES']],
    [{ productType: 'DBG' as const, dbgTicketType: 'WHITE' as const }, ['DBG_WHITE_IMAGES']],
    [{ productType: 'DBG' as const, dbgTicketType: 'UNSURE' as const }, []],
    [{}, []],
  ])('when the ticket is %o, then only its own kind of images: %o', (ticket, images) => {
    expect(imageSectionsOf(ticket)).toEqual(images);
    expect(askableSections(ticket)).toEqual(['PERSONAL_DETAILS', 'ID_DOCUMENTS', ...images]);
  });
});
