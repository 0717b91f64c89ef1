/*
 * The normalised forms the back office's search compares (issue 32), each defined once: the
 * entities' expression indexes (claim.entity.ts) and the queue's conditions
 * (claim-process.repository.ts) use the same text, so PostgreSQL matches the query to the index.
 * `ic` / `c` are the identity check and the claim (unqualified inside an index definition).
 */

const on = (alias: string | undefined, column: string) => (alias ? `${alias}.${column}` : column);

/** An e-mail address, any case. */
export const emailSql = (c?: string) => `lower(${on(c, 'email')})`;

/** A claimant's last name, any case. */
export const lastNameSql = (ic?: string) => `lower(${on(ic, 'personal_details')}->>'lastName')`;

/** "First Last", any case. */
export const fullNameSql = (ic?: string) =>
  `lower((${on(ic, 'personal_details')}->>'firstName') || ' ' || (${on(ic, 'personal_details')}->>'lastName'))`;

/** A postcode without spaces, upper case. */
export const postcodeSql = (ic?: string) =>
  `upper(replace(${on(ic, 'personal_details')}->>'postCode', ' ', ''))`;

/** A phone number's digits, an international 44 prefix read as the national 0. */
export const phoneSql = (ic?: string) =>
  `regexp_replace(regexp_replace(${on(ic, 'personal_details')}->>'phoneNumber', '[^0-9]', '', 'g'), '^44', '0')`;

/** The ticket numbers a claim gives, digits and letters only, upper case. */
export const TICKET_NUMBER_FIELDS = [
  'dbgTicketNumber',
  'scSerialNumber',
  'scBarcodeNumber',
] as const;
export const ticketNumberSql = (field: (typeof TICKET_NUMBER_FIELDS)[number], c?: string) =>
  `upper(regexp_replace(${on(c, 'details')}->>'${field}', '[^0-9A-Za-z]', '', 'g'))`;
