import type { components } from '@prize/generated/server';

export type FindItem = components['schemas']['FindItem'];
export type RetrieveItem = components['schemas']['RetrieveItem'];
export type LoqateErrorItem = components['schemas']['LoqateError'];
export type FindResponse = components['schemas']['FindResponse'];
export type RetrieveResponse = components['schemas']['RetrieveResponse'];

export interface FindRequest {
  /** Search text; may be empty when a container is given. */
  text: string;
  /** Comma-separated ISO codes, `GB,IM` by default. */
  countries: string;
  /** Id of a non-Address item of an earlier find, to list what it holds. */
  container?: string;
}

/**
 * An address lookup answering in Loqate Capture Interactive Find / Retrieve shapes. Search
 * failures (empty text, unknown Id or container, timeouts, an unreachable upstream) are answers
 * holding one error item, never exceptions: the browser maps the codes to its own texts.
 */
export interface AddressProvider {
  /**
   * True when each lookup calls a third party billed per call (Loqate): the identity call then
   * reads an address back only for an open claim's link (docs/adr/016).
   */
  readonly callsOut?: boolean;
  find(request: FindRequest): Promise<FindResponse>;
  retrieve(id: string): Promise<RetrieveResponse>;
}
