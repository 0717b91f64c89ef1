import type { Logger } from 'pino';
import type {
  AddressProvider,
  FindItem,
  FindRequest,
  FindResponse,
  LoqateErrorItem,
  RetrieveItem,
  RetrieveResponse,
} from './address-provider.ts';
import {
  errorAnswer,
  findTextRequired,
  requestTimedOut,
  retrieveIdInvalid,
  serviceUnavailable,
} from './loqate-errors.ts';

/** Below the browser's 30 s: the user hears 'took too long' from us, not a bare client timeout. */
export const LOQATE_TIMEOUT_MS = 8_000;

export const FIND_PATH = '/Capture/Interactive/Find/v1.10/json3.ws';
export const RETRIEVE_PATH = '/Capture/Interactive/Retrieve/v1.2/json3.ws';

export interface LoqateOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
  logger?: Logger;
}

const HIGHLIGHT = /^(\d+-\d+(,\d+-\d+)*)?(;(\d+-\d+(,\d+-\d+)*)?)?$/;
const RETRIEVE_FIELDS = [
  'Id',
  'DomesticId',
  'Language',
  'Company',
  'SubBuilding',
  'BuildingNumber',
  'BuildingName',
  'Street',
  'District',
  'City',
  'Line1',
  'Line2',
  'Line3',
  'Line4',
  'Line5',
  'Province',
  'ProvinceName',
  'PostalCode',
  'CountryName',
  'CountryIso2',
  'Barcode',
  'Label',
  'Type',
] as const;

type Json = Record<string, unknown>;

/** Loqate sends null for absent parts; the contract promises strings. */
function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

function errorItem(item: Json): LoqateErrorItem {
  const code = text(item.Error);
  // Loqate's general errors include '-1' (unknown); the contract's codes are digits only.
  if (!/^\d+$/.test(code)) return { ...serviceUnavailable };
  return {
    Error: code,
    Description: text(item.Description),
    Cause: text(item.Cause),
    Resolution: text(item.Resolution),
  };
}

function findItem(item: Json): FindItem {
  const highlight = text(item.Highlight);
  return {
    Id: text(item.Id),
    Type: text(item.Type),
    Text: text(item.Text),
    Highlight: HIGHLIGHT.test(highlight) ? highlight : '',
    Description: text(item.Description),
  };
}

function retrieveItem(item: Json): RetrieveItem {
  const mapped = Object.fromEntries(RETRIEVE_FIELDS.map((field) => [field, text(item[field])]));
  return mapped as unknown as RetrieveItem;
}

type Outcome = { items: Json[] } | { failure: LoqateErrorItem };

/**
 * Loqate Capture Interactive (ADDRESS_PROVIDER=loqate). The key is added here, server-side, and
 * never leaves the server; only the fields the contract names are passed on, so nothing else of
 * the upstream answer reaches the browser. Failures to get an answer become error items.
 */
export class LoqateAddressProvider implements AddressProvider {
  readonly callsOut = true;
  readonly #options: Required<Omit<LoqateOptions, 'logger'>> & { logger?: Logger };

  constructor(options: LoqateOptions) {
    this.#options = {
      timeoutMs: LOQATE_TIMEOUT_MS,
      ...options,
      baseUrl: options.baseUrl.replace(/\/$/, ''),
    };
  }

  async find(request: FindRequest): Promise<FindResponse> {
    const text = request.text.trim();
    const container = request.container?.trim();
    // Answered here: the same item Loqate would send, without spending a paid call.
    if (!text && !container) return errorAnswer(findTextRequired);
    const params: Record<string, string> = {
      Text: text,
      Countries: request.countries || 'GB,IM',
      IsMiddleware: 'true',
    };
    if (container) params.Container = container;
    const outcome = await this.#call(FIND_PATH, params);
    if ('failure' in outcome) return errorAnswer(outcome.failure);
    return {
      Items: outcome.items.map((item) => ('Error' in item ? errorItem(item) : findItem(item))),
    };
  }

  async retrieve(id: string): Promise<RetrieveResponse> {
    if (!id.trim()) return errorAnswer(retrieveIdInvalid);
    const outcome = await this.#call(RETRIEVE_PATH, { Id: id.trim() });
    if ('failure' in outcome) return errorAnswer(outcome.failure);
    return {
      Items: outcome.items.map((item) => ('Error' in item ? errorItem(item) : retrieveItem(item))),
    };
  }

  async #call(path: string, params: Record<string, string>): Promise<Outcome> {
    const url = new URL(this.#options.baseUrl + path);
    url.search = new URLSearchParams({ Key: this.#options.apiKey, ...params }).toString();
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.#options.timeoutMs),
      });
    } catch (error) {
      const timedOut = (error as Error)?.name === 'TimeoutError';
      // Never the URL or the error itself: they carry the key and the user's search.
      this.#options.logger?.warn(
        { addressProvider: 'loqate', failure: timedOut ? 'timeout' : 'unreachable' },
        'address lookup upstream failed',
      );
      return { failure: timedOut ? requestTimedOut : serviceUnavailable };
    }
    try {
      if (!response.ok) throw new Error(`status ${response.status}`);
      const body = (await response.json()) as { Items?: unknown };
      if (
        !Array.isArray(body?.Items) ||
        body.Items.some((item) => typeof item !== 'object' || item === null)
      )
        throw new Error('no Items');
      return { items: body.Items as Json[] };
    } catch (error) {
      const timedOut = (error as Error)?.name === 'TimeoutError';
      this.#options.logger?.warn(
        {
          addressProvider: 'loqate',
          failure: timedOut ? 'timeout' : 'unreadable answer',
          status: response.status,
        },
        'address lookup upstream failed',
      );
      return { failure: timedOut ? requestTimedOut : serviceUnavailable };
    }
  }
}
