/*
 * The pg-boss jobs of one delivery that may still run: a retry the tests expect to be
 * cancelled, or a single one still waiting, is counted straight in the queue's own table.
 */
import { execute, type TestDatabase } from './db';

export async function liveDeliveryJobs(t: TestDatabase, deliveryId: string): Promise<number> {
  const { rows } = await execute(
    t.handle,
    `select count(*)::int as n from pgboss.job
      where data->>'deliveryId' = '${deliveryId}' and state not in ('failed', 'completed', 'cancelled')`,
  );
  return Number(rows[0]!['n']);
}
