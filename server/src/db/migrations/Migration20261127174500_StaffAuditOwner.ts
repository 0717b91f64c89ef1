import { Migration } from '@mikro-orm/migrations';
import { STAFF_AUDIT_OWNER_IF_ABLE_SQL } from '../../modules/staff/audit/staff-audit-owner.ts';

/** The staff audit owned by a role the application does not log in as, where this has the rights. */
export class Migration20261127174500_StaffAuditOwner extends Migration {
  override name = 'Migration20261127174500_StaffAuditOwner';

  override up(): void {
    this.addSql(STAFF_AUDIT_OWNER_IF_ABLE_SQL);
  }

  override down(): void {
    // Ownership handed over is not taken back by the application: an administrator does that.
  }
}
