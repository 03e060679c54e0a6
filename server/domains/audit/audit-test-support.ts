import type { AdminAction } from '../../../common/schemas/audit.ts';
import type { AppServices } from '../../services.ts';

/** The audit entries of one action on one target, oldest first, for tests that check logging. */
export async function auditEntriesOf(
  services: Pick<AppServices, 'db'>,
  action: AdminAction,
  targetId: string,
) {
  return services.db
    .selectFrom('admin_audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('target_id', '=', targetId)
    .orderBy('seq')
    .execute();
}
