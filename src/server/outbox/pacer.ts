/*
 * Pacing of delivery work on the embedded database while visitors are submitting.
 * Set by the outbox (every enqueue notes the time), obeyed by the delivery engine.
 *
 * PGlite is one connection in this process: every statement the delivery engine runs
 * (fetching jobs, settling them) waits its turn with the visitors' lead transactions.
 * Within BUSY_WINDOW_MS of the last enqueue the engine takes work in rounds at least
 * ROUND_MS apart, each of at most ROUND_MS / jobSpacingMs jobs, so a backlog never
 * starves the lead action; once leads stop arriving it runs at full speed. Rounds, not
 * single jobs: a round's statements cost about the same for 1 job as for 10.
 * PostgreSQL has a pool and needs none of this (jobSpacingMs 0).
 */

export const BUSY_WINDOW_MS = 1_000;
export const ROUND_MS = 100;

export class Pacer {
  readonly #jobSpacingMs: number;
  #lastEnqueueAt = 0;
  #nextRoundAt = 0;

  constructor(jobSpacingMs: number) {
    this.#jobSpacingMs = jobSpacingMs;
  }

  /** A visitor's transaction just queued deliveries. */
  noteEnqueue(): void {
    this.#lastEnqueueAt = Date.now();
  }

  busy(now = Date.now()): boolean {
    return this.#jobSpacingMs > 0 && now - this.#lastEnqueueAt <= BUSY_WINDOW_MS;
  }

  /** Waits for the next round's turn; resolves with how many jobs it may take. */
  async turn(): Promise<number> {
    const now = Date.now();
    if (!this.busy(now)) return Infinity;
    const at = Math.max(now, this.#nextRoundAt);
    this.#nextRoundAt = at + ROUND_MS;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
    return Math.max(1, Math.floor(ROUND_MS / this.#jobSpacingMs));
  }
}

/** ≤ 50 job starts per second on the embedded database while leads are coming in (rounds of 5 every 100 ms). */
export const EMBEDDED_JOB_SPACING_MS = 20;
