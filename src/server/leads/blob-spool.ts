/*
 * Degraded mode's spool on Netlify, where a function's disk outlives no invocation: each
 * entry is one blob of a Netlify Blobs store read with strong consistency (a replay sees
 * every lead written before it), replayed by the scheduled drain (./spool-replay.ts).
 *
 * Keys group a lead with the deliveries it already had directly, by a hash of its
 * submission key: `pending/<hash>/lead-<client>-<bytes>` and `pending/<hash>/delivered-<hash
 * of kind+target>`. The submission key is the client's to choose, so the lead's key also names
 * its client (the keyed hash of its address) and size: one listing of `pending/` gives what the
 * caps of ./spool-limits.ts count, so changing the key adds a blob only within its client's cap.
 * Instances check the caps each on its own, so parallel posts can pass one by a few leads.
 * `direct/<minute>` marks the clock minute whose direct delivery went out (`claimMinute`:
 * written only if new, so across instances one wins); a drain deletes the past ones.
 * A replay reads them all, lets the lead service decide, then deletes what it read of the
 * leads it saved, leaves the leads to retry, and moves refused ones under `rejected/` for a
 * person. An entry written while a replay runs is not deleted by it; a `delivered` blob left
 * without its lead is read, ignored and deleted by the next replay. Saving is idempotent by
 * submission key, so two replays meeting save a lead once.
 */
import { createHash } from 'node:crypto';
import { getStore, type Store } from '@netlify/blobs';
import { entryBytes, revive, type LeadSpool, type SpoolEntry } from './spool';
import { SPOOL_LIMITS, spoolCapReached, spoolClientOf, type SpoolLimits } from './spool-limits';

export const SPOOL_STORE = 'lead-spool';
const PENDING = 'pending/';
const REJECTED = 'rejected/';
const DIRECT = 'direct/';

const hash = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);

function keyOf(entry: SpoolEntry): string {
  if (entry.type === 'lead') {
    const client = spoolClientOf(entry.lead).replace(/[^\w]/g, '');
    return `${PENDING}${hash(entry.lead.submissionKey)}/lead-${client}-${entryBytes(entry)}`;
  }
  return `${PENDING}${hash(entry.submissionKey)}/delivered-${hash(`${entry.kind} ${entry.target}`)}`;
}

/** A lead's client and bytes from its key (a key without them, from before, counts as its own client at full size). */
function leadOfKey(key: string, limits: SpoolLimits): { client: string; bytes: number } | undefined {
  const name = key.slice(key.lastIndexOf('/') + 1);
  if (name === 'lead') return { client: key, bytes: limits.clientBytes / limits.clientLeads };
  const match = /^lead-(\w+)-(\d+)$/.exec(name);
  return match ? { client: match[1]!, bytes: Number(match[2]) } : undefined;
}

const submissionKeyOf = (entry: SpoolEntry) => (entry.type === 'lead' ? entry.lead.submissionKey : entry.submissionKey);

/** Whether this invocation can reach Netlify Blobs (Netlify gives every function the context). */
export function hasBlobsContext(env: Record<string, string | undefined> = process.env): boolean {
  return Boolean((globalThis as { netlifyBlobsContext?: unknown }).netlifyBlobsContext || env['NETLIFY_BLOBS_CONTEXT']);
}

/** The spool store of this site, opened on first use (Netlify's environment names it). */
export function blobSpool(
  open: () => Store = () => getStore({ name: SPOOL_STORE, consistency: 'strong' }),
  limits: SpoolLimits = SPOOL_LIMITS,
): LeadSpool {
  let opened: Store | undefined;
  const storeOf = () => (opened ??= open());
  // One check-then-write at a time in this instance; other instances are not waited for.
  let turn: Promise<unknown> = Promise.resolve();
  return {
    rejectedPlace: `Netlify Blobs ${SPOOL_STORE}/${REJECTED}`,
    keep: (lead) => {
      const next = turn
        .catch(() => undefined)
        .then(async () => {
          const store = storeOf();
          const entry: SpoolEntry = { type: 'lead', lead };
          const bytes = entryBytes(entry);
          const client = spoolClientOf(lead).replace(/[^\w]/g, '');
          const { blobs } = await store.list({ prefix: PENDING });
          const usage = { leads: 0, bytes: 0, clientLeads: 0, clientBytes: 0 };
          for (const { key } of blobs) {
            const held = leadOfKey(key, limits);
            if (!held) continue;
            usage.leads++;
            usage.bytes += held.bytes;
            if (held.client !== client) continue;
            usage.clientLeads++;
            usage.clientBytes += held.bytes;
          }
          const full = spoolCapReached(usage, bytes, limits);
          if (full) return { kept: false as const, full };
          await store.setJSON(keyOf(entry), entry);
          return { kept: true as const, held: usage.leads + 1 };
        });
      turn = next;
      return next;
    },
    append: async (entries) => {
      const store = storeOf();
      for (const entry of entries) await store.setJSON(keyOf(entry), entry);
    },
    claimMinute: async (minute) => {
      const { modified } = await storeOf().set(`${DIRECT}${minute}`, '', { onlyIfNew: true });
      return modified;
    },
    drain: async (decide) => {
      const store = storeOf();
      const thisMinute = Math.floor(Date.now() / 60_000);
      for (const { key } of (await store.list({ prefix: DIRECT })).blobs) {
        if (Number(key.slice(DIRECT.length)) < thisMinute) await store.delete(key);
      }
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
