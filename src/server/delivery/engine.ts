/*
 * The delivery engine: takes due delivery jobs from pg-boss in batches and runs them
 * concurrently, with a limit per target, settling finished attempts in batches.
 *
 * Two lanes, e-mail and webhooks, each with its own slots and fetch loop. A lane fetches as
 * many due jobs as it has free slots, loads their rows and starts every attempt at once, and
 * fetches again as slots free up. Idle, it sleeps until jobs are dispatched here, a slot
 * frees, a paused target resumes, or `pollingIntervalSeconds` passes (retries, other instances).
 *
 * Isolation: webhook and connector jobs carry their URL as pg-boss group, and every fetch asks
 * for at most `perTargetConcurrency` active jobs per group across all instances, so a hanging
 * receiver holds at most that many slots. A target the circuit breaker paused (./breaker.ts) is
 * left out of the fetch; one being probed gets one job. A 429 waits without spending an
 * attempt (./rate-limit-waits.ts).
 *
 * The loop runs continuously in a long-lived server (`start`), or bounded (`drain`) for a scheduled function: due
 * jobs until none is left or the deadline is near, then those in flight. Lanes and their pg-boss fetches: ./lanes.ts.
 */
import type { JobWithMetadata, PgBoss } from 'pg-boss';
import type { Db } from '../db/client';
import type { DeliveryKind } from '../db/schema/deliveries';
import { describeError } from '../describe-error';
import type { Pacer } from '../outbox/pacer';
import { DELIVERY_QUEUES, type DeliveryJob } from '../outbox/jobs';
import { attemptDelivery, type DeliveryRow, type MisconfiguredFailure, type Transports } from './attempt';
import { targetLabel } from '../webhooks';
import { MAIL_TARGET, type TargetBreaker } from './breaker';
import { fetchOptions, loadRows, Wakeup, type Lane, type Run } from './lanes';
import { MAX_RATE_LIMIT_WAIT_MS, mayWaitToday, waitingAttempt } from './rate-limit-waits';
import type { Settler } from './settle';
import { rateLimitMessages } from '~/messages/inbox/deliveries';
import type { Logger } from '../log/logger';
import type { Clock } from '../clock';

export interface EngineSettings {
  /** E-mails in flight per instance (the SMTP pool queues beyond its connections). */
  mailConcurrency: number;
  /** Webhook calls in flight per instance, all URLs together. */
  webhookConcurrency: number;
  /** Webhook calls in flight per URL, all instances together. */
  perTargetConcurrency: number;
  /** Idle poll: retries coming due and jobs dispatched by other instances are seen within this. */
  pollingIntervalSeconds: number;
  /** How long an attempt may take (the transports' longest timeout): `drain` stops taking jobs this long before its deadline. */
  attemptTimeoutMs: number;
  /** 429s a target may answer per UTC day and be waited out without spending attempts (./rate-limit-waits.ts). */
  rateLimitWaitsPerDay: number;
}

export interface EngineDeps {
  db: Db;
  boss: PgBoss;
  transports: Transports;
  breaker: TargetBreaker;
  pacer: Pacer;
  settler: Settler;
  settings: EngineSettings;
  now: Clock;
  log: Logger;
  /** Told (and awaited) when a delivery fails for a configuration error: the team's alert. */
  onMisconfigured?: ((failure: MisconfiguredFailure) => Promise<void>) | undefined;
}

export interface DrainResult {
  attempted: number;
  delivered: number;
  failed: number;
  /** 'idle': nothing due was left; 'deadline': stopped taking jobs to finish in time; 'stop': the queue stopped. */
  stoppedBy: 'idle' | 'deadline' | 'stop';
}

export class DeliveryEngine {
  readonly #deps: EngineDeps;
  #continuous: { run: Run; lanes: Lane[]; loops: Promise<void>[] } | undefined;
  readonly #lanesOfRuns = new Set<Lane>();
  readonly #runs = new Set<Run>();

  constructor(deps: EngineDeps) {
    this.#deps = deps;
  }

  /** Runs the lanes until `stop()`. */
  start(): void {
    if (this.#continuous) return;
    const run = this.#newRun(() => true, false);
    const lanes = this.#newLanes();
    this.#continuous = { run, lanes, loops: lanes.map((lane) => this.#loop(lane, run)) };
  }

  /** Stops taking jobs (a `drain` in progress too); attempts in flight get `timeoutMs` to finish and be recorded. */
  async stop(timeoutMs: number): Promise<void> {
    for (const run of this.#runs) run.stopped = true;
    for (const lane of this.#lanesOfRuns) lane.wakeup.notify();
    const continuous = this.#continuous;
    if (!continuous) return;
    this.#continuous = undefined;
    this.#runs.delete(continuous.run);
    for (const lane of continuous.lanes) this.#lanesOfRuns.delete(lane);
    await Promise.all(continuous.loops);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(continuous.run.attempts),
      new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs))),
    ]);
    clearTimeout(timer);
    await this.#deps.settler.flush();
  }

  /** Delivers due jobs until none is left or `deadlineMs` (from now) is too close; records those in flight. */
  async drain({ deadlineMs }: { deadlineMs: number }): Promise<DrainResult> {
    const stopTakingAt = Date.now() + deadlineMs - this.#deps.settings.attemptTimeoutMs;
    let hitDeadline = false;
    const run = this.#newRun(() => {
      if (Date.now() < stopTakingAt) return true;
      hitDeadline = true;
      return false;
    }, true);
    const lanes = this.#newLanes();
    await this.#deps.breaker.refresh();
    await Promise.all(lanes.map((lane) => this.#loop(lane, run)));
    await Promise.all(run.attempts);
    for (const lane of lanes) this.#lanesOfRuns.delete(lane);
    this.#runs.delete(run);
    return { ...run.counts, stoppedBy: run.stopped ? 'stop' : hitDeadline ? 'deadline' : 'idle' };
  }

  /** New jobs were dispatched: lanes waiting for work fetch at once. */
  wake(kind?: DeliveryKind): void {
    for (const lane of this.#lanesOfRuns) {
      if (kind && lane.kind !== kind) continue;
      lane.kicked = true;
      lane.wakeup.notify();
    }
  }

  #newRun(taking: () => boolean, draining: boolean): Run {
    const run: Run = {
      taking,
      stopped: false,
      draining,
      attempts: new Set(),
      counts: { attempted: 0, delivered: 0, failed: 0 },
    };
    this.#runs.add(run);
    return run;
  }

  #newLanes(): Lane[] {
    const { mailConcurrency, webhookConcurrency } = this.#deps.settings;
    const lanes = (['email', 'webhook'] as const).map((kind): Lane => ({
      kind,
      queue: DELIVERY_QUEUES[kind],
      max: kind === 'email' ? mailConcurrency : webhookConcurrency,
      inFlight: 0,
      freed: 0,
      kicked: true,
      wakeup: new Wakeup(),
    }));
    for (const lane of lanes) this.#lanesOfRuns.add(lane);
    return lanes;
  }

  async #loop(lane: Lane, run: Run): Promise<void> {
    const { breaker, pacer, settings } = this.#deps;
    const pollMs = settings.pollingIntervalSeconds * 1000;
    // Fetch again once this many slots are free: one statement per few jobs, not per job.
    const minBatch = Math.max(1, Math.floor(lane.max / 5));
    let lastRefresh = Date.now();
    try {
      while (!run.stopped && run.taking()) {
        if (Date.now() - lastRefresh > pollMs) {
          lastRefresh = Date.now();
          await breaker.refresh();
        }
        let want = lane.max - lane.inFlight;
        if (lane.kind === 'email') {
          const state = breaker.state('email', MAIL_TARGET);
          if (state === 'paused') {
            if (run.draining) break;
            const resumeAt = breaker.nextResumeAt('email') ?? Date.now() + pollMs;
            await lane.wakeup.wait(Math.min(resumeAt - Date.now(), pollMs), () => run.stopped);
            continue;
          }
          // One probe at a time decides whether mail works again.
          if (state === 'probing') want = Math.min(want, 1 - lane.inFlight);
        }
        if (want <= 0 || (want < minBatch && lane.inFlight > 0 && !lane.kicked)) {
          await this.#idle(lane, run, pollMs, want <= 0 ? 1 : minBatch - want);
          continue;
        }
        want = Math.min(want, await pacer.turn());
        lane.kicked = false;
        lane.freed = 0;
        const jobs = await this.#fetch(lane, want);
        if (jobs.length > 0) await this.#startAll(lane, run, jobs);
        if (jobs.length < want) {
          // Every attempt counts as in flight until it is recorded, so its failure is due again by now.
          if (run.draining && lane.inFlight === 0 && jobs.length === 0) break;
          // Short: nothing else due, or targets at their limit; any recorded attempt may free one.
          await this.#idle(lane, run, pollMs, 1);
        }
      }
    } catch (error) {
      this.#deps.log.warn(`${lane.kind} lane: ${describeError(error)}`);
      if (!run.stopped && !run.draining) {
        await new Promise((resolve) => setTimeout(resolve, pollMs));
        return this.#loop(lane, run);
      }
    }
  }

  /** Sleeps until `enough` slots free up, new work is kicked, a pause ends, or the poll passes. */
  #idle(lane: Lane, run: Run, pollMs: number, enough: number): Promise<void> {
    const resumeAt = this.#deps.breaker.nextResumeAt(lane.kind);
    const ms = resumeAt ? Math.min(pollMs, resumeAt - Date.now() + 5) : pollMs;
    return lane.wakeup.wait(
      ms,
      () => run.stopped || lane.kicked || lane.freed >= enough || (run.draining && lane.inFlight === 0),
    );
  }

  #fetch(lane: Lane, batchSize: number): Promise<JobWithMetadata<DeliveryJob>[]> {
    const options = fetchOptions(lane, batchSize, this.#deps.breaker, this.#deps.settings.perTargetConcurrency);
    return this.#deps.boss.fetch<DeliveryJob>(lane.queue, { ...options, includeMetadata: true });
  }

  async #startAll(lane: Lane, run: Run, jobs: JobWithMetadata<DeliveryJob>[]): Promise<void> {
    const rows = await loadRows(
      this.#deps.db,
      jobs.map((job) => job.data.deliveryId),
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const job of jobs) {
      lane.inFlight++;
      const attempt = this.#attempt(lane, run, job, byId.get(job.data.deliveryId)).finally(() => {
        lane.inFlight--;
        lane.freed++;
        run.attempts.delete(attempt);
        lane.wakeup.notify();
      });
      run.attempts.add(attempt);
    }
  }

  async #attempt(lane: Lane, run: Run, job: JobWithMetadata<DeliveryJob>, row: DeliveryRow | undefined): Promise<void> {
    const { breaker, settler, transports, now, log } = this.#deps;
    const fenced = { id: job.id, retryCount: job.retryCount };
    // Gone, or already delivered (died after sending, before recording): nothing to send.
    if (!row || row.status === 'sent' || row.status === 'logged') {
      await settler.add({ queue: lane.queue, job: fenced });
      return;
    }
    const attemptAt = now();
    const result = await attemptDelivery(row, transports);
    run.counts.attempted++;
    const breakerTarget = row.kind === 'email' ? MAIL_TARGET : row.target;
    if (result.ok) {
      run.counts.delivered++;
      breaker.record(row.kind, breakerTarget, result.outcome);
      await settler.add({ queue: lane.queue, job: fenced, row: { id: row.id, status: result.status, attemptAt } });
      return;
    }
    const label = targetLabel(row.kind, row.target);
    let error = result.error;
    if (result.retryAfterMs !== undefined && !result.permanent) {
      // A 429: the target pauses that long (the breaker) and, within the day's ceiling, this delivery waits with it.
      const waitMs = Math.min(result.retryAfterMs, MAX_RATE_LIMIT_WAIT_MS);
      breaker.record(row.kind, breakerTarget, result.outcome, result.reason, waitMs);
      const perDay = this.#deps.settings.rateLimitWaitsPerDay;
      if (await mayWaitToday(this.#deps.db, log, row, attemptAt, perDay)) {
        log.warn(
          `${label}: delivery ${row.id} waits ${Math.ceil(waitMs / 1000)} s (${result.reason}), no attempt spent`,
        );
        await settler.add(waitingAttempt(lane.queue, job, row.id, row.target, attemptAt, waitMs));
        return;
      }
      error = rateLimitMessages.ceiling(perDay);
    } else {
      breaker.record(row.kind, breakerTarget, result.outcome, result.reason, result.retryAfterMs);
    }
    run.counts.failed++;
    if (result.misconfigured) await this.#deps.onMisconfigured?.({ kind: row.kind, error });
    const final = result.permanent === true || job.retryCount >= job.retryLimit;
    log.warn(
      `${label}: delivery ${row.id} attempt ${row.attempts + 1} failed ` +
        `(${result.reason})${final ? ', giving up' : ', will retry'}`,
    );
    await settler.add({
      queue: lane.queue,
      job: fenced,
      row: {
        id: row.id,
        status: final ? 'failed' : 'retrying',
        error,
        attemptAt,
        ...(result.permanent ? { permanent: true } : {}),
      },
    });
  }
}
