/*
 * The day's cap on distinct values per dimension: a value a dimension has not seen today is
 * admitted while the day holds fewer than MAX_VALUES_PER_DAY (~/lib/attribution.ts) of them (analytics_values, one
 * table every instance shares), and stored as FOLDED after that. This process remembers
 * what it learned — the values admitted, and that a dimension is full, with the day's whole
 * list — so once a dimension is full a flood of new values costs no database round trip.
 * Admissions of one dimension run one at a time in this process; two instances racing may
 * admit one value each past the cap, which does not change its order of magnitude.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { FOLDED, MAX_VALUES_PER_DAY } from '~/lib/attribution';
import { OTHER_PATH } from './site-values';

/** The free-text dimensions the cap applies to (analytics_events columns); the others are closed lists. */
export const CAPPED_DIMENSIONS = ['path', 'referrer', 'source', 'medium', 'campaign', 'field'] as const;
export type CappedDimension = (typeof CAPPED_DIMENSIONS)[number];

interface DimensionState {
  admitted: Set<string>;
  full: boolean;
  /** The admission under way, so this dimension's asks run in turn. */
  queue: Promise<unknown>;
}

export interface ValueRegistry {
  /** `value` when the day admits it (or did), FOLDED when the dimension's cap is reached. */
  admit(day: string, dimension: CappedDimension, value: string): Promise<string>;
}

/** Values never counted against the cap: none given, or already folded. */
const FREE = new Set(['', FOLDED, OTHER_PATH]);
/** Days remembered: today, and yesterday for the leads a refresh recounts. */
const DAYS_KEPT = 2;

export function createValueRegistry(db: Db): ValueRegistry {
  const days = new Map<string, Map<CappedDimension, DimensionState>>();

  const stateOf = (day: string, dimension: CappedDimension): DimensionState => {
    let dims = days.get(day);
    if (!dims) {
      dims = new Map();
      days.set(day, dims);
      for (const old of [...days.keys()].sort().slice(0, -DAYS_KEPT)) days.delete(old);
    }
    let state = dims.get(dimension);
    if (!state) {
      state = { admitted: new Set(), full: false, queue: Promise.resolve() };
      dims.set(dimension, state);
    }
    return state;
  };

  const decide = async (day: string, dimension: CappedDimension, value: string, state: DimensionState) => {
    if (state.admitted.has(value)) return value;
    if (state.full) return FOLDED;
    // Admitted when already there or when the day has room; the count and the insert are one statement.
    const result = (await db.execute(sql`
      with added as (
        insert into analytics_values (day, dim, value)
        select ${day}::date, ${dimension}, ${value}
         where (select count(*) from analytics_values where day = ${day}::date and dim = ${dimension}) < ${MAX_VALUES_PER_DAY}
        on conflict do nothing
        returning 1)
      select exists (select 1 from added) or exists (
               select 1 from analytics_values where day = ${day}::date and dim = ${dimension} and value = ${value}) as ok`)) as unknown as {
      rows: { ok: boolean }[];
    };
    if (result.rows[0]?.ok) {
      state.admitted.add(value);
      return value;
    }
    // Full: the day's list is final, so it is read once and every later value answered here.
    const listed = (await db.execute(
      sql`select value from analytics_values where day = ${day}::date and dim = ${dimension}`,
    )) as unknown as { rows: { value: string }[] };
    for (const row of listed.rows) state.admitted.add(row.value);
    state.full = true;
    return state.admitted.has(value) ? value : FOLDED;
  };

  return {
    admit(day, dimension, value) {
      if (FREE.has(value)) return Promise.resolve(value);
      const state = stateOf(day, dimension);
      if (state.admitted.has(value)) return Promise.resolve(value);
      if (state.full) return Promise.resolve(FOLDED);
      // A database error folds this value only: counting is best effort, the next value asks again.
      const answer = state.queue.then(() => decide(day, dimension, value, state)).catch(() => FOLDED);
      state.queue = answer;
      return answer;
    },
  };
}

/** The event's capped dimensions as the day admits them. */
export async function admitted<T extends Record<CappedDimension, string>>(
  registry: ValueRegistry,
  day: string,
  values: T,
): Promise<T> {
  const out = { ...values };
  for (const dimension of CAPPED_DIMENSIONS)
    out[dimension] = (await registry.admit(day, dimension, values[dimension])) as T[CappedDimension];
  return out;
}
