/*
 * Degraded mode's safety net: when the database cannot be reached, each lead is
 * appended (and fsync'ed) as one JSON line to `$DATA_DIR/leads-spool.jsonl`, with
 * a line per direct delivery that went out. Replay moves the file aside first, so
 * new leads spooled meanwhile are never lost, and re-spools whatever it could not save.
 */
import { open, readFile, rename, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { LeadRecord } from './lead-record';

export const SPOOL_FILE = 'leads-spool.jsonl';

export type SpoolEntry =
  | { type: 'lead'; lead: LeadRecord }
  /** A delivery done directly while the database was down: replay records it as sent. */
  | { type: 'delivered'; submissionKey: string; kind: 'email' | 'webhook'; target: string; at: string };

export function spoolPath(dataDir: string): string {
  return join(dataDir, SPOOL_FILE);
}

export async function appendToSpool(dataDir: string, entries: SpoolEntry[]): Promise<void> {
  const handle = await open(spoolPath(dataDir), 'a', 0o600);
  try {
    await handle.appendFile(entries.map((entry) => `${JSON.stringify(entry)}\n`).join(''));
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export function hasSpool(dataDir: string): boolean {
  return existsSync(spoolPath(dataDir));
}

function revive(entry: SpoolEntry): SpoolEntry {
  if (entry.type !== 'lead') return entry;
  const lead = entry.lead as LeadRecord & { createdAt: string | Date; consentAt: string | Date };
  return { type: 'lead', lead: { ...lead, createdAt: new Date(lead.createdAt), consentAt: new Date(lead.consentAt) } };
}

/**
 * Hands the spooled entries to `save` and removes them once it resolved. Entries of
 * a failed `save` go back into the spool. Returns how many leads were handed over.
 */
export async function drainSpool(dataDir: string, save: (entries: SpoolEntry[]) => Promise<void>): Promise<number> {
  const path = spoolPath(dataDir);
  if (!existsSync(path)) return 0;
  const claimed = `${path}.${process.pid}.${Date.now()}.replaying`;
  await rename(path, claimed);
  const entries = (await readFile(claimed, 'utf8'))
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
  try {
    await save(entries);
  } catch (error) {
    await appendToSpool(dataDir, entries);
    await rm(claimed, { force: true });
    throw error;
  }
  await rm(claimed, { force: true });
  return entries.filter((entry) => entry.type === 'lead').length;
}
