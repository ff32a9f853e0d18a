/*
 * Degraded mode's safety net: when the database cannot be reached, each lead is
 * appended (and fsync'ed) as one JSON line to `$DATA_DIR/leads-spool.jsonl`, with
 * a line per direct delivery that went out, within the caps of ./spool-limits.ts (counted
 * over the file and any claimed file being replayed). Replay moves the file aside first, so
 * new leads spooled meanwhile are never lost; what could not be saved because the
 * database is still away goes back into the spool, and an entry the database refuses
 * for its content is set aside in `leads-spool.rejected.jsonl` (owner-only) for a
 * person to look at — it must never hold back the entries behind it.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { open, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { phoneDigits } from '../../lib/phone';
import type { LeadRecord } from '../db/schema/leads';
import { SPOOL_LIMITS, spoolCapReached, spoolClientOf, type SpoolKeep, type SpoolLimits } from './spool-limits';

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
  /** Keeps a lead unless a cap of ./spool-limits.ts would be passed; then keeps nothing and says which. */
  keep: (lead: LeadRecord) => Promise<SpoolKeep>;
  /** Adds entries without a cap check: the notes of a kept lead's direct deliveries. */
  append: (entries: SpoolEntry[]) => Promise<void>;
  /**
   * Claims clock minute `minute` for a direct delivery across every instance sharing this
   * spool: true for the first claim only. Absent where the spool has one writer (the file).
   */
  claimMinute?: (minute: number) => Promise<boolean>;
  drain: (
    decide: (entries: SpoolEntry[]) => Promise<SpoolReplayOutcome>,
  ) => Promise<SpoolReplayOutcome & { leads: number }>;
  /** Where rejected entries go, for the log and the team's alert. */
  rejectedPlace: string;
}

/** The bytes an entry takes as a line of the file (and, near enough, as a blob). */
export const entryBytes = (entry: SpoolEntry): number => Buffer.byteLength(JSON.stringify(entry)) + 1;

/** What one spool file holds: its bytes, its leads, and each client's leads and their bytes. */
interface FileTally {
  bytes: number;
  leads: number;
  clients: Map<string, { leads: number; bytes: number }>;
}

function tallyOf(text: string, bytes: number): FileTally {
  const tally: FileTally = { bytes, leads: 0, clients: new Map() };
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    let entry: SpoolEntry;
    try {
      entry = JSON.parse(line) as SpoolEntry;
    } catch {
      continue;
    }
    if (entry.type === 'lead') addLead(tally, spoolClientOf(entry.lead), Buffer.byteLength(line) + 1);
  }
  return tally;
}

function addLead(tally: FileTally, client: string, bytes: number) {
  tally.leads++;
  const mine = tally.clients.get(client) ?? { leads: 0, bytes: 0 };
  tally.clients.set(client, { leads: mine.leads + 1, bytes: mine.bytes + bytes });
}

/**
 * The spool file of DATA_DIR. Leads are kept one at a time (count, then append), so parallel
 * posts cannot all pass a cap; each file's tally is read again only when it changed since
 * (another writer, a replay's rename), so a full spool refuses without reading it.
 */
export function fileSpool(dataDir: string, limits: SpoolLimits = SPOOL_LIMITS): LeadSpool {
  let turn: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = turn.catch(() => undefined).then(work);
    turn = next;
    return next;
  };
  const tallies = new Map<string, { stamp: string; tally: FileTally }>();
  const stampOf = (info: { ino: number; size: number; mtimeMs: number }) => `${info.ino}:${info.size}:${info.mtimeMs}`;
  const tallyFile = async (path: string): Promise<FileTally | undefined> => {
    const info = await stat(path).catch(() => undefined);
    if (!info) {
      tallies.delete(path);
      return undefined;
    }
    const cached = tallies.get(path);
    if (cached?.stamp === stampOf(info)) return cached.tally;
    const text = await readFile(path, 'utf8').catch(() => '');
    const tally = tallyOf(text, Buffer.byteLength(text));
    tallies.set(path, { stamp: stampOf(info), tally });
    return tally;
  };

  return {
    keep: (lead) =>
      serial(async () => {
        const entry: SpoolEntry = { type: 'lead', lead };
        const bytes = entryBytes(entry);
        const client = spoolClientOf(lead);
        const usage = { leads: 0, bytes: 0, clientLeads: 0, clientBytes: 0 };
        for (const path of [spoolPath(dataDir), ...claimFiles(dataDir)]) {
          const tally = await tallyFile(path);
          if (!tally) continue;
          usage.leads += tally.leads;
          usage.bytes += tally.bytes;
          usage.clientLeads += tally.clients.get(client)?.leads ?? 0;
          usage.clientBytes += tally.clients.get(client)?.bytes ?? 0;
        }
        const full = spoolCapReached(usage, bytes, limits);
        if (full) return { kept: false, full };
        const path = spoolPath(dataDir);
        const before = await tallyFile(path);
        await appendToSpool(dataDir, [entry]);
        // Our own line: the tally moves on without reading the file again.
        const tally: FileTally = before
          ? { ...before, bytes: before.bytes + bytes, clients: new Map(before.clients) }
          : { bytes, leads: 0, clients: new Map() };
        addLead(tally, client, bytes);
        const info = await stat(path);
        if (info.size === tally.bytes) tallies.set(path, { stamp: stampOf(info), tally });
        return { kept: true, held: usage.leads + 1 };
      }),
    append: (entries) => serial(() => appendToSpool(dataDir, entries)),
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

/** Every claimed file: being replayed, or left by a process that stopped mid-replay. */
function claimFiles(dataDir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dataDir);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.startsWith(`${SPOOL_FILE}.`) && name.endsWith(CLAIM_SUFFIX))
    .map((name) => join(dataDir, name));
}

/** Claims left by a process that stopped mid-replay (see PROCESS_TOKEN). */
function orphanedClaims(dataDir: string): string[] {
  return claimFiles(dataDir).filter((path) => !basename(path).includes(PROCESS_TOKEN));
}

export function hasSpool(dataDir: string): boolean {
  return existsSync(spoolPath(dataDir)) || orphanedClaims(dataDir).length > 0;
}

/** An entry as parsed from JSON: its dates made Dates again, its phone the digits the table keeps, however it was spooled. */
export function revive(entry: SpoolEntry): SpoolEntry {
  if (entry.type !== 'lead') return entry;
  const lead = entry.lead as LeadRecord & { createdAt: string | Date; consentAt: string | Date };
  return {
    type: 'lead',
    lead: {
      ...lead,
      celular: phoneDigits(lead.celular),
      createdAt: new Date(lead.createdAt),
      consentAt: new Date(lead.consentAt),
    },
  };
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
