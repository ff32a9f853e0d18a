/*
 * How much degraded mode's spool may hold (the file on Node, Netlify Blobs on Netlify): a
 * total and a per-client cap, in leads and bytes. The rate limit bounds how fast one client
 * adds leads, not for how long: without these an outage of hours would let one address (or
 * many) fill a disk or a Blobs store with leads, each of which is saved and delivered when the
 * database is back. A lead beyond a cap is not kept and the visitor is asked to try again
 * (HTTP 503, the form's failure text): never taken silently, never a crash.
 */
import type { LeadRecord } from '../db/schema/leads';

export interface SpoolLimits {
  /** Leads the whole spool holds at most. */
  leads: number;
  /** Bytes the whole spool holds at most (leads and the notes of their direct deliveries). */
  bytes: number;
  /** Leads of one client (the keyed hash of its address, `ipHash`) at most. */
  clientLeads: number;
  /** Bytes of one client's leads at most. */
  clientBytes: number;
}

export const SPOOL_LIMITS: SpoolLimits = {
  // The site gets tens of leads a day: a day-long outage stays far below this.
  leads: 1_000,
  // A lead is at most about 10 KB as the form validates it (a 2,000-character message), 1–2 KB
  // typically, plus a note of about 300 bytes per direct delivery: 1,000 leads fit.
  bytes: 8 * 1024 * 1024,
  // An office behind one address sending a few contacts during an outage stays under it; a
  // client repeating posts is stopped after two windows of LEAD_RATE_LIMIT's default (10/60).
  clientLeads: 20,
  // 20 leads of the largest size the form accepts.
  clientBytes: 256 * 1024,
};

/** Who a spooled lead counts against: its hashed address, or the one bucket of leads without one. */
export const spoolClientOf = (lead: Pick<LeadRecord, 'ipHash'>): string => lead.ipHash ?? 'unknown';

/** What the spool holds now, in total and for one client. */
export interface SpoolUsage {
  leads: number;
  bytes: number;
  clientLeads: number;
  clientBytes: number;
}

/** Which cap a new entry of `bytes` would pass (the client's first), or undefined when it fits. */
export function spoolCapReached(usage: SpoolUsage, bytes: number, limits: SpoolLimits): 'client' | 'total' | undefined {
  if (usage.clientLeads + 1 > limits.clientLeads || usage.clientBytes + bytes > limits.clientBytes) return 'client';
  if (usage.leads + 1 > limits.leads || usage.bytes + bytes > limits.bytes) return 'total';
  return undefined;
}

/** The answer to keeping a lead: kept (with how many leads the spool holds now), or which cap stopped it. */
export type SpoolKeep = { kept: true; held: number } | { kept: false; full: 'client' | 'total' };
