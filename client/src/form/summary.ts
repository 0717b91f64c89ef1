// The rows a completed section shows when it collapses.
import type { DbgGame } from '@prize/generated/client';
import { addressLines } from '../domain/address';
import type {
  AboutTicketValues,
  ClaimDetailsValues,
  IdDocumentsValues,
  PaymentValues,
  PersonalDetailsValues,
  TicketImagesValues,
  UploadedFile,
} from './claimForm';
import { needsTicketBack } from './claimForm';
import { formatLongDate } from '../domain/dateOfBirth';
import { formatPence } from '../domain/price';

export interface SummaryRow {
  name: string;
  // Line breaks separate the lines shown.
  value: string;
  // For an uploaded file: which field's file the row's Remove button clears.
  file?: string;
}

const yesNo = (value: boolean | undefined) =>
  value === true ? 'Yes' : value === false ? 'No' : '';

export const GAME_NAMES: Record<DbgGame, string> = {
  Lotto: 'Lotto',
  EuroMillions: 'EuroMillions',
  EuroMillionsHotPicks: 'EuroMillions HotPicks',
  LottoHotPicks: 'Lotto HotPicks',
  SetForLife: 'Set For Life',
  Thunderball: 'Thunderball',
};

export function personalDetailsSummary(values: PersonalDetailsValues): SummaryRow[] {
  let address: string;
  if (values.isOverseas) address = 'Lives overseas';
  else if (values.isManualAddress) {
    address = addressLines({
      addressLine1: values.addressLine1 ?? '',
      addressLine2: values.addressLine2 ?? '',
      town: values.town ?? '',
      county: values.county ?? '',
      postCode: values.postCode ?? '',
      dpsCode: '',
    }).join('\n');
  } else address = values.addressLookup ? addressLines(values.addressLookup).join('\n') : '';
  return [
    { name: 'Ticket owner', value: yesNo(values.isOwner) },
    {
      name: 'Name',
      value: [values.title, values.firstName?.trim(), values.lastName?.trim()]
        .filter(Boolean)
        .join(' '),
    },
    { name: 'Date of birth', value: values.dateOfBirth ? formatLongDate(values.dateOfBirth) : '' },
    { name: 'Phone number', value: values.phoneNumber?.trim() ?? '' },
    { name: 'Address', value: address },
  ];
}

const fileRow = (
  name: string,
  field: string,
  file: UploadedFile | null | undefined,
): SummaryRow[] => (file ? [{ name, value: file.fileName, file: field }] : []);

export function idDocumentsSummary(values: IdDocumentsValues): SummaryRow[] {
  return [
    ...fileRow('First ID document', 'idDocument1FileUuid', values.idDocument1FileUuid),
    ...fileRow('Second ID document', 'idDocument2FileUuid', values.idDocument2FileUuid),
  ];
}

export function claimDetailsSummary(values: ClaimDetailsValues): SummaryRow[] {
  return [
    { name: 'Ticket in your possession', value: yesNo(values.isTicketInPossession) },
    { name: 'Ticket damaged', value: yesNo(values.isTicketDamaged) },
    {
      name: 'You or your household work for the operator or a supplier',
      value: yesNo(values.isLotteryRetailer),
    },
  ];
}

export function aboutTicketSummary(values: AboutTicketValues): SummaryRow[] {
  const rows: SummaryRow[] = [];
  if (values.productType === 'DBG') {
    rows.push({ name: 'Product', value: 'Draw based game ticket' });
    if (values.dbgGame) rows.push({ name: 'Game', value: GAME_NAMES[values.dbgGame] });
    const colour =
      values.dbgTicketType === 'PINK'
        ? 'Pink'
        : values.dbgTicketType === 'WHITE'
          ? 'White'
          : 'Not sure';
    rows.push({ name: 'Ticket type', value: colour });
    rows.push({ name: 'Serial number', value: values.dbgTicketNumber ?? '' });
    if (values.dbgTicketType === 'PINK')
      rows.push({ name: 'Term number', value: values.dbgTermNumber ?? '' });
    if (values.dbgTicketType === 'WHITE')
      rows.push({ name: 'Retailer number', value: values.dbgRetailerNumber ?? '' });
  } else if (values.productType === 'SC') {
    rows.push(
      { name: 'Product', value: 'Scratchcard' },
      { name: 'Barcode number', value: values.scBarcodeNumber ?? '' },
      { name: 'Serial number', value: values.scSerialNumber ?? '' },
      { name: 'VIRN number', value: values.scVirn ?? '' },
    );
  }
  rows.push({ name: 'Prize amount', value: formatPence(values.prizeAmountPence) });
  return rows;
}

export function ticketImagesSummary(
  values: TicketImagesValues,
  ticket: AboutTicketValues,
): SummaryRow[] {
  const kind = ticket.productType === 'SC' ? 'Scratchcard' : 'ticket';
  return [
    ...fileRow(`Front of your ${kind}`, 'ticketFrontFileUuid', values.ticketFrontFileUuid),
    ...(needsTicketBack(ticket)
      ? fileRow(`Back of your ${kind}`, 'ticketBackFileUuid', values.ticketBackFileUuid)
      : []),
  ];
}

export function paymentSummary(values: PaymentValues): SummaryRow[] {
  return [{ name: 'Payment', value: values.isChequePreferred ? 'Cheque' : 'Bank transfer' }];
}
