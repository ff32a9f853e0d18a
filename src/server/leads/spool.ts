/*
 * Degraded mode's safety net: when the database cannot be reached, each lead is
 * appended (and fsync'ed) as one JSON line to `$DATA_DIR/leads-spool.jsonl`, with
 * a line per direct delivery that went out. Replay moves the file aside first, so
 * new leads spooled meanwhile are never lost; what could not be saved because the
 * database is still away goes back into the spool, and an entry the database refuses
 * for its content is set aside in `leads-spool.rejected.jsonl` (owner-only) for a
 * person to look at — it must never hold back the entries behind it.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { LeadRecord } from '../db/schema/leads';

export const SPOOL_FILE = 'leads-spool.jsonl';
/** Entries the database refused (a data or constraint error): kept for a person, never replayed. */
export const REJECTED_SPOOL_FILE = 'leads-spool.rejected.jsonl';

const CLAIM_SUFFIX = '.replaying';
/*
 * Claimed files carry a token of this process: a claim with another token was left by a
 * process that died mid-replay and is picked up again. (Not the pid: in a container the
 * restarted server often has the same one.)
 */
const PROCESS_TOKEN = randomUUID().slice(0, 8);

export type SpoolEntry =
  | { type: 'lead'; lead: LeadRecord }
  /** A delivery done directly while the database was down: replay records it as sent. */
  | { type: 'delivered'; submissionKey: string; kind: 'email' | 'webhook'; target: string; at: string };

/** What a replay pass decided about the entries it was handed. */
export interface SpoolReplayOutcome {
  /** Not saved because the database is (still) unavailable: back into the spool. */
  retry: SpoolEntry[];
  /** Refused by the database for their content: into REJECTED_SPOOL_FILE. */
  rejected: SpoolEntry[];
}

/**
 * Where degraded mode keeps leads until the database is back: the file below on the Node
 * target, Netlify Blobs on Netlify (./blob-spool.ts). `drain` hands every kept entry to
 * `decide` and keeps, afterwards, only its `retry` entries (its `rejected` ones set aside
 * for a person); when `decide` throws, everything stays.
 */
export interface LeadSpool {
  append: (entries: SpoolEntry[]) => Promise<void>;
  drain: (
    decide: (entries: SpoolEntry[]) => Promise<SpoolReplayOutcome>,
  ) => Promise<SpoolReplayOutcome & { leads: number }>;
  /** Where rejected entries go, for the log and the team's alert. */
  rejectedPlace: string;
}

/** The spool file of DATA_DIR. */
export function fileSpool(dataDir: string): LeadSpool {
  return {
    append: (entries) => appendToSpool(dataDir, entries),
    drain: (decide) => drainSpool(dataDir, decide),
    rejectedPlace: REJECTED_SPOOL_FILE,
  };
}

export function spoolPath(dataDir: string): string {
  return join(dataDir, SPOOL_FILE);
}

export function rejectedSpoolPath(dataDir: string): string {
  return join(dataDir, REJECTED_SPOOL_FILE);
}

async function appendLines(path: string, entries: SpoolEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const handle = await open(path, 'a', 0o600);
  try {
    await handle.appendFile(entries.map((entry) => `${JSON.stringify(entry)}\n`).join(''));
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export async function appendToSpool(dataDir: string, entries: SpoolEntry[]): Promise<void> {
  await appendLines(spoolPath(dataDir), entries);
}

/** Claims left by a process that stopped mid-replay (see PROCESS_TOKEN). */
function orphanedClaims(dataDir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dataDir);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.startsWith(`${SPOOL_FILE}.`) && name.endsWith(CLAIM_SUFFIX) && !name.includes(PROCESS_TOKEN))
    .map((name) => join(dataDir, name));
}

export function hasSpool(dataDir: string): boolean {
  return existsSync(spoolPath(dataDir)) || orphanedClaims(dataDir).length > 0;
}

/** An entry as parsed from JSON, its dates made Dates again. */
export function revive(entry: SpoolEntry): SpoolEntry {
  if (entry.type !== 'lead') return entry;
  const lead = entry.lead as LeadRecord & { createdAt: string | Date; consentAt: string | Date };
  return { type: 'lead', lead: { ...lead, createdAt: new Date(lead.createdAt), consentAt: new Date(lead.consentAt) } };
}

function parseLines(text: string): SpoolEntry[] {
  return text
    .split('\n')
    .filter((line) => line.trim())
    .flatMap((line) => {
      try {
        return [revive(JSON.parse(line) as SpoolEntry)];
      } catch {
        // A torn last line (crash mid-write) holds no complete lead.
        return [];
      }
    });
}

/**
 * Hands the spooled entries (and those of orphaned claims) to `decide`, then puts its
 * `retry` entries back into the spool and its `rejected` ones into the rejected file.
 * If `decide` throws, every entry goes back. Returns how many lead entries were handed over
 * and `decide`'s outcome (empty when there was nothing to replay). One pass at a time per
 * folder is the caller's to ensure (the lead service queues its replays).
 */
export async function drainSpool(
  dataDir: string,
  decide: (entries: SpoolEntry[]) => Promise<SpoolReplayOutcome>,
): Promise<SpoolReplayOutcome & { leads: number }> {
  const path = spoolPath(dataDir);
  const claims = orphanedClaims(dataDir);
  if (existsSync(path)) {
    const claimed = `${path}.${process.pid}-${PROCESS_TOKEN}.${Date.now()}${CLAIM_SUFFIX}`;
    await rename(path, claimed);
    claims.push(claimed);
  }
  if (claims.length === 0) return { retry: [], rejected: [], leads: 0 };

  const entries: SpoolEntry[] = [];
  for (const claim of claims) entries.push(...parseLines(await readFile(claim, 'utf8')));
  const leads = entries.filter((entry) => entry.type === 'lead').length;
  let outcome: SpoolReplayOutcome;
  try {
    outcome = await decide(entries);
  } catch (error) {
    await appendToSpool(dataDir, entries);
    for (const claim of claims) await rm(claim, { force: true });
    throw error;
  }
  // Written (and fsync'ed) before the claims go: a crash in between duplicates lines, never loses them.
  await appendLines(rejectedSpoolPath(dataDir), outcome.rejected);
  await appendToSpool(dataDir, outcome.retry);
  for (const claim of claims) await rm(claim, { force: true });
  return { ...outcome, leads };
}
