/*
 * A circuit breaker per delivery target: one webhook URL, one connector's endpoint (a CRM
 * account), or the mail transport as a whole. A target whose last `failures` attempts all failed is paused: its deliveries
 * are not fetched at all while the pause lasts, so they keep their retries (nothing is
 * attempted, nothing is burned) and do not take slots other targets could use. When
 * the pause ends one probe attempt goes out (the engine fetches a single job for it):
 * success resumes the target, failure pauses it again for twice as long, up to
 * `maxPauseSeconds`. A receiver that asks for a pause (a 429 with Retry-After) gets it at
 * once, however few failures came before.
 *
 * Counting happens in memory per instance; pauses are written to `delivery_targets`
 * (one row per target ever paused) so every instance honours them, a restart keeps
 * them, and a deliveries page can read them. Log lines name a webhook by its origin and
 * a hash (src/server/webhooks `targetLabel`), never by its full URL or anything personal.
 */
import type { Db } from '../db/client';
import { deliveryTargets, type DeliveryKind, type DeliveryTarget } from '../db/schema/deliveries';
import { describeError } from '../describe-error';
import type { AttemptOutcome } from '../transport/transport';
import { targetLabel } from '../webhooks';
import type { Logger } from '../log/logger';

export interface BreakerSettings {
  /** Failed attempts in a row that pause a target (a receiver failing half the time almost never trips it). */
  failures: number;
  /** First pause; each further pause without a success in between doubles it. */
  pauseSeconds: number;
  maxPauseSeconds: number;
}

export const DEFAULT_BREAKER: BreakerSettings = { failures: 20, pauseSeconds: 30, maxPauseSeconds: 900 };

/** The mail transport's target key: all e-mail shares one breaker. */
export const MAIL_TARGET = '*';

/** closed: deliveries flow; paused: none are attempted; probing: one attempt at a time decides. */
export type TargetState = 'closed' | 'paused' | 'probing';

interface Entry {
  kind: DeliveryKind;
  target: string;
  consecutive: number;
  /** Epoch ms; 0 when never paused since the last success. */
  pausedUntil: number;
  pauses: number;
  failingSince: Date | null;
  lastError: string | null;
  /** Writes of this entry still queued: a refresh must not overwrite it with older data. */
  pendingWrites: number;
}

const keyOf = (kind: DeliveryKind, target: string) => `${kind} ${target}`;

export class TargetBreaker {
  readonly settings: BreakerSettings;
  readonly #db: Db;
  readonly #log: Logger;
  readonly #now: () => number;
  readonly #entries = new Map<string, Entry>();
  #io: Promise<void> = Promise.resolve();
  #closed = false;

  constructor(db: Db, settings: BreakerSettings, log: Logger, now: () => number = Date.now) {
    this.#db = db;
    this.settings = settings;
    this.#log = log;
    this.#now = now;
  }

  state(kind: DeliveryKind, target: string): TargetState {
    const entry = this.#entries.get(keyOf(kind, target));
    if (!entry || entry.pauses === 0) return 'closed';
    return entry.pausedUntil > this.#now() ? 'paused' : 'probing';
  }

  /** Webhook and connector URLs whose deliveries must not be fetched now, and those allowed one probe. */
  webhookTargets(): { paused: string[]; probing: string[] } {
    const paused: string[] = [];
    const probing: string[] = [];
    for (const entry of this.#entries.values()) {
      if (entry.kind === 'email') continue;
      const state = this.state(entry.kind, entry.target);
      if (state === 'paused') paused.push(entry.target);
      else if (state === 'probing') probing.push(entry.target);
    }
    return { paused, probing };
  }

  /** When the earliest pause ends (epoch ms), for a lane waiting on it. */
  nextResumeAt(kind: DeliveryKind): number | undefined {
    let next: number | undefined;
    for (const entry of this.#entries.values()) {
      // The webhook lane also carries the connectors.
      const inLane = kind === 'email' ? entry.kind === 'email' : entry.kind !== 'email';
      if (inLane && entry.pausedUntil > this.#now()) next = Math.min(next ?? Infinity, entry.pausedUntil);
    }
    return next;
  }

  /**
   * Counts one attempt's outcome; pauses or resumes the target when this one decides it.
   * `pauseAtLeastMs`: the receiver asked for a pause (a 429's Retry-After), taken at once.
   */
  record(kind: DeliveryKind, target: string, outcome: AttemptOutcome, reason?: string, pauseAtLeastMs?: number): void {
    if (outcome === 'neutral') return;
    const key = keyOf(kind, target);
    let entry = this.#entries.get(key);
    const label = targetLabel(kind, target);
    if (outcome === 'success') {
      if (!entry || (entry.consecutive === 0 && entry.pauses === 0)) return;
      const wasPaused = entry.pauses > 0;
      Object.assign(entry, { consecutive: 0, pauses: 0, pausedUntil: 0, failingSince: null });
      if (wasPaused) {
        this.#log.warn(`${label} works again: deliveries resumed`);
        this.#persist(entry);
      }
      return;
    }
    if (!entry) {
      entry = {
        kind,
        target,
        consecutive: 0,
        pausedUntil: 0,
        pauses: 0,
        failingSince: null,
        lastError: null,
        pendingWrites: 0,
      };
      this.#entries.set(key, entry);
    }
    const now = this.#now();
    entry.consecutive++;
    entry.failingSince ??= new Date(now);
    entry.lastError = reason?.slice(0, 500) ?? null;
    const state = this.state(kind, target);
    if (pauseAtLeastMs !== undefined && pauseAtLeastMs > 0) {
      const until = now + pauseAtLeastMs;
      if (until <= entry.pausedUntil) return;
      if (state !== 'paused') entry.pauses++;
      entry.pausedUntil = until;
      this.#log.warn(
        `${label} asked to wait ${Math.ceil(pauseAtLeastMs / 1000)} s${reason ? ` (${reason})` : ''}; ` +
          'its deliveries wait without spending retries',
      );
      this.#persist(entry);
      return;
    }
    // Attempts that were already running when the target was paused change nothing.
    if (state === 'paused') return;
    if (state === 'probing' || entry.consecutive >= this.settings.failures) {
      entry.pauses++;
      const seconds = Math.min(this.settings.pauseSeconds * 2 ** (entry.pauses - 1), this.settings.maxPauseSeconds);
      entry.pausedUntil = now + seconds * 1000;
      this.#log.warn(
        `${label} paused for ${seconds} s after ${entry.consecutive} failed attempts in a row` +
          `${reason ? ` (last: ${reason})` : ''}; its deliveries wait without spending retries`,
      );
      this.#persist(entry);
    }
  }

  /** Adopts pauses other instances wrote (and resumptions they observed). */
  refresh(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    return this.#enqueue(async () => {
      const rows = await this.#db.select().from(deliveryTargets);
      for (const row of rows) {
        const key = keyOf(row.kind, row.target);
        const entry = this.#entries.get(key);
        if (entry && entry.pendingWrites > 0) continue;
        const pausedUntil = row.pausedUntil?.getTime() ?? 0;
        if (!entry) {
          if (row.pauses === 0) continue;
          this.#entries.set(key, {
            kind: row.kind,
            target: row.target,
            consecutive: row.consecutiveFailures,
            pausedUntil,
            pauses: row.pauses,
            failingSince: row.failingSince,
            lastError: row.lastError,
            pendingWrites: 0,
          });
          continue;
        }
        entry.pausedUntil = pausedUntil;
        entry.pauses = row.pauses;
        if (row.pauses === 0) entry.failingSince = null;
      }
    });
  }

  /** Every target ever paused, with its state now (for a deliveries page or a health check). */
  async list(): Promise<(DeliveryTarget & { state: TargetState })[]> {
    await this.#io;
    const rows = await this.#db.select().from(deliveryTargets);
    const now = this.#now();
    return rows.map((row) => ({
      ...row,
      state: row.pauses === 0 ? 'closed' : (row.pausedUntil?.getTime() ?? 0) > now ? 'paused' : 'probing',
    }));
  }

  /** Lets queued writes land and refuses new ones (the database is about to close). */
  close(): Promise<void> {
    this.#closed = true;
    return this.#io;
  }

  #persist(entry: Entry): void {
    if (this.#closed) return;
    entry.pendingWrites++;
    void this.#enqueue(async () => {
      const values = {
        consecutiveFailures: entry.consecutive,
        pausedUntil: entry.pausedUntil > 0 ? new Date(entry.pausedUntil) : null,
        pauses: entry.pauses,
        failingSince: entry.failingSince,
        lastError: entry.lastError,
        updatedAt: new Date(this.#now()),
      };
      try {
        await this.#db
          .insert(deliveryTargets)
          .values({ kind: entry.kind, target: entry.target, ...values })
          .onConflictDoUpdate({ target: [deliveryTargets.kind, deliveryTargets.target], set: values });
      } finally {
        entry.pendingWrites--;
      }
    });
  }

  #enqueue(task: () => Promise<void>): Promise<void> {
    const run = this.#io.then(task).catch((error: unknown) => this.#log.warn(`breaker state: ${describeError(error)}`));
    this.#io = run;
    return run;
  }
}
