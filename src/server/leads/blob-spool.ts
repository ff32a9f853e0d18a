/*
 * Degraded mode's spool on Netlify, where a function's disk outlives no invocation: each
 * entry is one blob of a Netlify Blobs store read with strong consistency (a replay sees
 * every lead written before it), replayed by the scheduled drain (./spool-replay.ts).
 *
 * Keys group a lead with the deliveries it already had directly, by a hash of its
 * submission key: `pending/<hash>/lead` and `pending/<hash>/delivered-<hash of kind+target>`.
 * A replay reads them all, lets the lead service decide, then deletes what it read of the
 * leads it saved, leaves the leads to retry, and moves refused ones under `rejected/` for a
 * person. An entry written while a replay runs is not deleted by it; a `delivered` blob left
 * without its lead is read, ignored and deleted by the next replay. Saving is idempotent by
 * submission key, so two replays meeting save a lead once.
 */
import { createHash } from 'node:crypto';
import { getStore, type Store } from '@netlify/blobs';
import { revive, type LeadSpool, type SpoolEntry } from './spool';

export const SPOOL_STORE = 'lead-spool';
const PENDING = 'pending/';
const REJECTED = 'rejected/';

const hash = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);

function keyOf(entry: SpoolEntry): string {
  if (entry.type === 'lead') return `${PENDING}${hash(entry.lead.submissionKey)}/lead`;
  return `${PENDING}${hash(entry.submissionKey)}/delivered-${hash(`${entry.kind} ${entry.target}`)}`;
}

const submissionKeyOf = (entry: SpoolEntry) => (entry.type === 'lead' ? entry.lead.submissionKey : entry.submissionKey);

/** Whether this invocation can reach Netlify Blobs (Netlify gives every function the context). */
export function hasBlobsContext(env: Record<string, string | undefined> = process.env): boolean {
  return Boolean((globalThis as { netlifyBlobsContext?: unknown }).netlifyBlobsContext || env['NETLIFY_BLOBS_CONTEXT']);
}

/** The spool store of this site, opened on first use (Netlify's environment names it). */
export function blobSpool(open: () => Store = () => getStore({ name: SPOOL_STORE, consistency: 'strong' })): LeadSpool {
  let opened: Store | undefined;
  const storeOf = () => (opened ??= open());
  return {
    rejectedPlace: `Netlify Blobs ${SPOOL_STORE}/${REJECTED}`,
    append: async (entries) => {
      const store = storeOf();
      for (const entry of entries) await store.setJSON(keyOf(entry), entry);
    },
    drain: async (decide) => {
      const store = storeOf();
      const { blobs } = await store.list({ prefix: PENDING });
      const read: { key: string; entry: SpoolEntry }[] = [];
      for (const { key } of blobs) {
        const value = (await store.get(key, { type: 'json', consistency: 'strong' })) as SpoolEntry | null;
        if (value) read.push({ key, entry: revive(value) });
      }
      const entries = read.map(({ entry }) => entry);
      const leads = entries.filter((entry) => entry.type === 'lead').length;
      if (read.length === 0) return { retry: [], rejected: [], leads: 0 };
      const outcome = await decide(entries);
      const retry = new Set(outcome.retry.map(submissionKeyOf));
      const rejected = new Set(outcome.rejected.map(submissionKeyOf));
      for (const { key, entry } of read) {
        const submissionKey = submissionKeyOf(entry);
        if (retry.has(submissionKey)) continue;
        // Copied before the original goes: a stop in between leaves a duplicate, never a loss.
        if (rejected.has(submissionKey)) await store.setJSON(`${REJECTED}${key.slice(PENDING.length)}`, entry);
        await store.delete(key);
      }
      return { ...outcome, leads };
    },
  };
}
