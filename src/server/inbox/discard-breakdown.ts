/*
 * Why leads were discarded in a period: the discards made on its São Paulo days, counted per
 * reason in SQL (the status changes' created_at index finds them). A reason typed under
 * "outro" is kept as "Outro: …" (~/lib/discard-reasons.ts) and counted as one "Outro" line:
 * the words are for the lead's history, the count is for the list. Reasons kept before the
 * admins' list existed were free text, so only the MAX_REASON_ROWS most frequent get a line
 * and the rest are summed apart.
 */
import { sql } from 'drizzle-orm';
import { OTHER_REASON_PREFIX } from '~/lib/discard-reasons';
import { addDays } from '~/lib/reports';
import { saoPauloDayStart } from '~/lib/time-zone';
import type { DbOrTx } from '../db/client';

/** Lines of the breakdown before the rest are summed into one. */
export const MAX_REASON_ROWS = 15;
/** The line every "Outro: …" reason counts in. */
export const OTHER_REASON_LINE = 'Outro';

export interface DiscardBreakdown {
  /** One line per reason, most discards first (then by reason). */
  rows: { reason: string; discards: number }[];
  /** Discards under reasons past MAX_REASON_ROWS. */
  rest: number;
  total: number;
}

/**
 * The discards of the period per reason.
 * @example await discardBreakdown(db, { de: '2026-11-01', ate: '2026-11-30' })
 *   // { rows: [{ reason: 'Sem interesse', discards: 12 }, { reason: 'Outro', discards: 3 }], rest: 0, total: 15 }
 */
export async function discardBreakdown(db: DbOrTx, period: { de: string; ate: string }): Promise<DiscardBreakdown> {
  const prefix = `${OTHER_REASON_PREFIX}%`;
  const result = (await db.execute(sql`
    select case when reason like ${prefix} then ${OTHER_REASON_LINE} else btrim(reason) end as reason, count(*)::int as discards
      from lead_status_changes
     where to_status = 'descartado'
       and created_at >= ${saoPauloDayStart(period.de).toISOString()}::timestamptz
       and created_at < ${saoPauloDayStart(addDays(period.ate, 1)).toISOString()}::timestamptz
     group by 1
     order by 2 desc, 1`)) as unknown as { rows: { reason: string | null; discards: number | string }[] };
  const all = result.rows.map((row) => ({ reason: row.reason ?? '', discards: Number(row.discards) }));
  const rows = all.slice(0, MAX_REASON_ROWS);
  const rest = all.slice(MAX_REASON_ROWS).reduce((sum, row) => sum + row.discards, 0);
  return { rows, rest, total: rows.reduce((sum, row) => sum + row.discards, rest) };
}
