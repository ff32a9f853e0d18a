/*
 * Multi-row inserts for the hot path (a lead and its deliveries): every row travels
 * as ONE JSON parameter expanded by json_populate_recordset. Drizzle's own
 * multi-row insert builds and binds one parameter per column per row, which
 * profiling showed costs more CPU than the database work itself.
 * Standard PostgreSQL (9.3+), so the same on PGlite and on the server.
 */
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

export interface BulkInsertOptions<T extends PgTable> {
  /** ON CONFLICT (column) DO NOTHING. */
  onConflictDoNothing?: PgColumn;
  /** Columns to return, keyed as you like. */
  returning?: Record<string, PgColumn>;
  table?: T;
}

/**
 * Inserts `rows` (objects keyed by the table's TS property names; every row with the
 * same keys). Columns absent from the rows take their database defaults.
 */
export async function bulkInsert<T extends PgTable, R = Record<string, unknown>>(
  db: DbOrTx,
  table: T,
  rows: Partial<T['$inferInsert']>[],
  options: Omit<BulkInsertOptions<T>, 'table'> = {},
): Promise<R[]> {
  if (rows.length === 0) return [];
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => key in rows[0]!);
  const names = columns.map(([, column]) => quote(column.name)).join(', ');
  const json = JSON.stringify(
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (const [key, column] of columns) out[column.name] = (row as Record<string, unknown>)[key] ?? null;
      return out;
    }),
  );
  const tableName = quote(getTableName(table));
  let tail = '';
  if (options.onConflictDoNothing) tail += ` on conflict (${quote(options.onConflictDoNothing.name)}) do nothing`;
  const returning = Object.entries(options.returning ?? {});
  if (returning.length > 0) {
    tail += ` returning ${returning.map(([alias, column]) => `${quote(column.name)} as ${quote(alias)}`).join(', ')}`;
  }
  const result = await db.execute(
    sql`${sql.raw(`insert into ${tableName} (${names}) select ${names} from json_populate_recordset(null::${tableName}, `)}${json}${sql.raw(`::json)${tail}`)}`,
  );
  return ((result as unknown as { rows?: R[] }).rows ?? []) as R[];
}
