import { Migration } from '@mikro-orm/migrations';

/**
 * Statistics on the expressions the claim-side searches compare (issue 35). Their indexes are
 * partial (submitted claims only), and PostgreSQL never reads a partial index's statistics, so
 * it guessed that an e-mail address matched 0.5 % of all claims. At a million claims it then
 * walked the queue in date order looking for the match, 4-5 s a search, instead of reading the
 * index. Expression statistics give it the real figure: one claim per address.
 */
export class Migration20261128031500_SearchStatistics extends Migration {
  override name = 'Migration20261128031500_SearchStatistics';

  override up(): void | Promise<void> {
    this.addSql(`create statistics claim_search_email_stats on (lower(email)) from claim;`);
    for (const field of ['dbgTicketNumber', 'scSerialNumber', 'scBarcodeNumber'])
      this.addSql(
        `create statistics claim_search_${field.toLowerCase()}_stats on ((upper(regexp_replace(details->>'${field}', '[^0-9A-Za-z]', '', 'g')))) from claim;`,
      );
    this.addSql('analyze claim;');
  }

  override down(): void | Promise<void> {
    this.addSql('drop statistics claim_search_email_stats;');
    for (const field of ['dbgTicketNumber', 'scSerialNumber', 'scBarcodeNumber'])
      this.addSql(`drop statistics claim_search_${field.toLowerCase()}_stats;`);
  }
}
