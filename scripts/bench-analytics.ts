/*
 * `npm run bench:analytics`: cookieless visit counting at a year's scale on the embedded
 * database — 100,000 leads and 5,000,000 visit events spread over 365 days.
 *
 * - Reports: the visit report (src/server/analytics/visit-report.ts, what /admin/visitas
 *   reads) for the default 30 days and a whole year, unfiltered and filtered by a source
 *   and by a partner, (floor: p95 ≤ 300 ms each); two filters at once, and the minute job's refresh of
 *   yesterday's and today's roll-ups, are measured too, without a floor. BENCH_RUNS timed calls per view.
 * - Ingest: the beacon's service (ingest.ts) taking events from 2,000 visitors as the
 *   endpoint hands them over and writing them in batches (floor: ≥ 2,000 events/s), then
 *   the endpoint over HTTP on the built server (POST /api/visita, 16 at a time).
 * Each is measured BENCH_ROUNDS times (default 3), reported as min / median / max.
 *
 * The data is generated once in BENCH_DATA_DIR (default: a temporary folder) by SQL
 * (generate_series: traffic channels, pages and devices skewed as real traffic is, four
 * events per visitor and day) and rolled up; later runs naming the same folder reuse it.
 * BENCH_EVENTS and BENCH_LEADS change the volume.
 *
 * `--flood` runs instead the beacon flood of ./support/analytics-flood.ts: 45,000 posts of
 * values never seen before within a minute against a built server, on the embedded database
 * and, with DATABASE_URL or TEST_DATABASE_URL, on a fresh PostgreSQL database of that server;
 * then `--after=<seconds>` (default 180) of watching. Targets: the database grows ≤ 50 MB, the
 * liveness probe's p99 ≤ 100 ms during and after, a lead mid-flood ≤ 1 s, /admin/visitas ≤ 1 s
 * and ≤ 300 KB. `--runs=<n>` repeats it (min / median / max); `--engine=embedded|postgres` runs one.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../src/server/db/client';
import { analyticsDaily, analyticsEvents, contatos } from '../src/server/db/schema';
import { createAnalyticsIngest } from '../src/server/analytics/ingest';
import { componentLogger } from '../src/server/log/logger';
import { refreshRecent, refreshRollups } from '../src/server/analytics/rollup';
import { visitReport } from '../src/server/analytics/visit-report';
import type { EventInput } from '../src/server/analytics/beacon-input';
import { saoPauloDay } from '../src/lib/time-zone';
import { addDays } from '../src/lib/reports';
import type { VisitFilters } from '../src/lib/visit-report';
import { CHANNELS, PAGES, seedEvents, seedLeads, type BenchYear } from './support/analytics-year.ts';
import { migrate } from './support/bench-database.ts';
import { startBuiltServer } from './support/server.ts';
import { runFlood, type FloodResult } from './support/analytics-flood.ts';

const EVENTS = Number(process.env['BENCH_EVENTS'] ?? 5_000_000);
const LEADS = Number(process.env['BENCH_LEADS'] ?? 100_000);
const RUNS = Number(process.env['BENCH_RUNS'] ?? 20);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);
const FLOOR_REPORT_MS = 300;
const FLOOR_EVENTS_PER_S = 2000;
const dataDir = process.env['BENCH_DATA_DIR'] ?? mkdtempSync(join(tmpdir(), 'pilota-bench-analytics-'));

const now = new Date();
const today = saoPauloDay(now);
const firstDay = addDays(today, -364);
const YEAR: BenchYear = { firstDay, events: EVENTS, leads: LEADS };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const spread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { min: sorted[0]!, median: sorted[Math.floor(sorted.length / 2)]!, max: sorted[sorted.length - 1]! };
};
const fmt = (s: { min: number; median: number; max: number }, digits = 1) =>
  `${s.min.toFixed(digits)} / ${s.median.toFixed(digits)} / ${s.max.toFixed(digits)}`;

const VIEWS: { name: string; de: string; ate: string; filters: VisitFilters }[] = [
  { name: '30 dias', de: addDays(today, -29), ate: today, filters: {} },
  { name: '30 dias, origem=google', de: addDays(today, -29), ate: today, filters: { origem: 'google' } },
  { name: '1 ano', de: firstDay, ate: today, filters: {} },
  { name: '1 ano, origem=instagram', de: firstDay, ate: today, filters: { origem: 'instagram' } },
  { name: '1 ano, parceiro=carol-imoveis', de: firstDay, ate: today, filters: { parceiro: 'carol-imoveis' } },
];
/** The minute job's refresh (an opened report waits for it only when the job is not running): measured, no floor. */
const REFRESH = 'refresh today + yesterday';
/** Several filters read the combinations (analytics_daily): measured, not held to the floor. */
const COMBINED_VIEWS: typeof VIEWS = [
  {
    name: '30 dias, origem+campanha',
    de: addDays(today, -29),
    ate: today,
    filters: { origem: 'google', campanha: 'marca' },
  },
  { name: '1 ano, origem+campanha', de: firstDay, ate: today, filters: { origem: 'google', campanha: 'marca' } },
];

async function timeCall(call: () => Promise<unknown>): Promise<number> {
  await call();
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return percentile(
    times.sort((a, b) => a - b),
    95,
  );
}

const CHROME = (n: number) =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${100 + (n % 40)}.0.${n}.0 Safari/537.36`;
const event = (n: number): EventInput => ({
  kind: 'view',
  path: PAGES[n % PAGES.length]!,
  referrer: '',
  source: CHANNELS[n % CHANNELS.length]![0]!,
  medium: CHANNELS[n % CHANNELS.length]![1]!,
  campaign: CHANNELS[n % CHANNELS.length]![2]!,
  partner: CHANNELS[n % CHANNELS.length]![3]!,
  cta: '',
  device: 'desktop',
  field: '',
});

/** Events per second through the ingest service: 20,000 events from 2,000 visitors, written in batches. */
async function ingestRate(db: Db): Promise<number> {
  const ingest = createAnalyticsIngest({
    db,
    now: () => new Date(),
    ready: () => true,
    log: componentLogger('analytics'),
    site: 'bench.local',
  });
  const total = 20_000;
  const requests = Array.from({ length: 2000 }, (_, n) => ({
    headers: new Headers({ 'user-agent': CHROME(n) }),
    ip: `10.${(n >> 8) & 255}.${n & 255}.1`,
  }));
  const started = performance.now();
  const pending: Promise<unknown>[] = [];
  for (let n = 0; n < total; n++) pending.push(ingest.record(requests[n % requests.length]!, event(n)));
  await Promise.all(pending);
  await ingest.stop();
  return total / ((performance.now() - started) / 1000);
}

/** Events per second through POST /api/visita on the built server, 16 requests in flight. */
async function httpIngestRate(url: string): Promise<number> {
  const total = 6000;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < total) {
      const n = next++;
      const response = await fetch(`${url}/api/visita`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8', origin: url, 'user-agent': CHROME(n % 2000) },
        body: JSON.stringify({ k: 'view', p: PAGES[n % PAGES.length], s: 'bench', d: 'desktop' }),
      });
      if (response.status !== 204 && response.status !== 429)
        throw new Error(`POST /api/visita answered ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return total / ((performance.now() - started) / 1000);
}

async function main(): Promise<number> {
  const handle = await openDatabase({ pgliteDir: join(dataDir, 'db') });
  const db = handle.db;
  let ok = true;
  try {
    await migrate(handle);
    const [events] = await db.select({ n: count() }).from(analyticsEvents);
    const [leads] = await db.select({ n: count() }).from(contatos);
    const missingEvents = EVENTS - (events?.n ?? 0);
    const missingLeads = LEADS - (leads?.n ?? 0);
    if (missingEvents > 0 || missingLeads > 0) {
      console.log(
        `Seeding ${Math.max(0, missingEvents)} events and ${Math.max(0, missingLeads)} leads into ${dataDir}…`,
      );
      let started = performance.now();
      if (missingEvents > 0) await seedEvents(db, YEAR, missingEvents, events?.n ?? 0);
      if (missingLeads > 0) await seedLeads(db, YEAR, missingLeads, leads?.n ?? 0);
      console.log(`  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      started = performance.now();
      // A month at a time: one statement over a year's combinations would hold them all in memory.
      for (let day = firstDay; day <= today; day = addDays(day, 31)) {
        const last = addDays(day, 30) < today ? addDays(day, 30) : today;
        await refreshRollups(db, day, last);
        process.stdout.write(`\r  rolled up to ${last}`);
      }
      process.stdout.write('\n');
      const [rows] = await db.select({ n: count() }).from(analyticsDaily);
      console.log(
        `  a year rolled up in ${((performance.now() - started) / 1000).toFixed(1)} s: ${rows?.n} roll-up rows`,
      );
    }
    const [rows] = await db.select({ n: count() }).from(analyticsDaily);
    console.log(
      `Embedded database (PGlite): ${Math.max(EVENTS, events?.n ?? 0)} events, ${Math.max(LEADS, leads?.n ?? 0)} leads, ${rows?.n} roll-up rows; ${RUNS} runs per view, ${ROUNDS} rounds (min / median / max of the rounds' p95):`,
    );

    const p95s = new Map<string, number[]>();
    const add = (name: string, value: number) => p95s.set(name, [...(p95s.get(name) ?? []), value]);
    const rates: number[] = [];
    // The ingest writes into a database of its own, so today's refresh above measures a real day.
    const scratch = await openDatabase({});
    await migrate(scratch);
    // Events a run before this one wrote here (ids past the seeded ones) would make today heavier than a day.
    await db.execute(sql`delete from analytics_events where id > ${EVENTS}`);
    await refreshRecent(db, now);
    for (let round = 0; round < ROUNDS; round++) {
      for (const view of [...VIEWS, ...COMBINED_VIEWS])
        add(view.name, await timeCall(() => visitReport(db, view.de, view.ate, view.filters)));
      add(REFRESH, await timeCall(() => refreshRecent(db, now)));
      rates.push(await ingestRate(scratch.db));
    }
    await scratch.close();
    for (const [name, values] of p95s) {
      const s = spread(values);
      const held = !COMBINED_VIEWS.some((view) => view.name === name) && name !== REFRESH;
      if (held) ok &&= s.median <= FLOOR_REPORT_MS;
      console.log(`  ${name.padEnd(32)} p95 ${fmt(s)} ms${held ? ` (floor ${FLOOR_REPORT_MS} ms)` : ''}`);
    }
    const rate = spread(rates);
    ok &&= rate.median >= FLOOR_EVENTS_PER_S;
    console.log(`  ingest service, 20,000 events      ${fmt(rate, 0)} events/s (floor ${FLOOR_EVENTS_PER_S})`);
    const sample = await visitReport(db, firstDay, today);
    console.log(
      `  (a year: ${sample.totals.visitors} visits, ${sample.totals.leads} leads, ${sample.breakdowns.pagina.length} pages)`,
    );
  } finally {
    await handle.close();
  }

  if (process.env['BENCH_HTTP'] !== '0') {
    const server = await startBuiltServer({ LEAD_RATE_LIMIT: 'off' });
    try {
      const rates: number[] = [];
      for (let round = 0; round < ROUNDS; round++) rates.push(await httpIngestRate(server.url));
      const rate = spread(rates);
      console.log(
        `  POST /api/visita over HTTP, 6,000   ${fmt(rate, 0)} events/s (built server, 16 in flight, client on the same cores)`,
      );
    } finally {
      await server.stop();
    }
  }
  if (!process.env['BENCH_DATA_DIR']) console.log(`(database kept in ${dataDir}: BENCH_DATA_DIR=${dataDir} reuses it)`);
  return ok ? 0 : 1;
}

/** The value of `--name=value` on the command line (undefined when absent). */
const argument = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];

/** `--flood`: the flood on each engine, `--runs` times; prints each run and the spread. */
async function floods(): Promise<number> {
  const afterSeconds = Number(argument('after') ?? 180);
  const runs = Number(argument('runs') ?? 1);
  const postgresUrl = process.env['DATABASE_URL'] || process.env['TEST_DATABASE_URL'];
  // `--engine=embedded` or `--engine=postgres` runs one of them.
  const only = argument('engine');
  const engines = [
    ...(only === 'postgres' ? [] : [undefined]),
    ...(postgresUrl && only !== 'embedded' ? [postgresUrl] : []),
  ];
  let ok = true;
  for (const url of engines) {
    const results: FloodResult[] = [];
    for (let run = 0; run < runs; run++) {
      const r = await runFlood({ afterSeconds, ...(url ? { postgresUrl: url } : {}) });
      results.push(r);
      console.log(
        `${r.engine} run ${run + 1}: ${r.sent} posts in ${r.floodSeconds.toFixed(1)} s ${JSON.stringify(r.statuses)}; ` +
          `growth ${r.growthMb.toFixed(1)} MB; live p50/p99/max during ${r.liveDuring.p50.toFixed(0)}/${r.liveDuring.p99.toFixed(0)}/${r.liveDuring.max.toFixed(0)} ms (${r.liveDuring.n}), ` +
          `after ${afterSeconds} s ${r.liveAfter.p50.toFixed(0)}/${r.liveAfter.p99.toFixed(0)}/${r.liveAfter.max.toFixed(0)} ms (${r.liveAfter.n}, ${r.probeErrors} failed); ` +
          `lead ${r.leadMs.toFixed(0)} ms ${r.leadOk ? 'saved' : 'NOT SAVED'}; /admin/visitas after the flood ${r.reportAfterFlood.ms.toFixed(0)} ms ${r.reportAfterFlood.kb.toFixed(0)} KB (${r.reportAfterFlood.status}), ` +
          `at the end ${r.reportAtEnd.ms.toFixed(0)} ms ${r.reportAtEnd.kb.toFixed(0)} KB; rows ${JSON.stringify(r.rows)}`,
      );
      ok &&=
        r.growthMb <= 50 &&
        r.liveDuring.p99 <= 100 &&
        r.liveAfter.p99 <= 100 &&
        r.probeErrors === 0 &&
        r.leadOk &&
        r.leadMs <= 1000 &&
        [r.reportAfterFlood, r.reportAtEnd].every((page) => page.status === 200 && page.ms <= 1000 && page.kb <= 300);
    }
    if (runs > 1) {
      console.log(`${results[0]!.engine}, ${runs} runs (min / median / max):`);
      const figures: [name: string, pick: (r: FloodResult) => number, digits: number][] = [
        ['growth MB', (r) => r.growthMb, 1],
        ['live p99 during, ms', (r) => r.liveDuring.p99, 0],
        ['live p99 after, ms', (r) => r.liveAfter.p99, 0],
        ['lead mid-flood, ms', (r) => r.leadMs, 0],
        ['/admin/visitas after, ms', (r) => r.reportAfterFlood.ms, 0],
        ['/admin/visitas at end, ms', (r) => r.reportAtEnd.ms, 0],
        ['/admin/visitas KB', (r) => r.reportAtEnd.kb, 0],
      ];
      for (const [name, pick, digits] of figures)
        console.log(`  ${name.padEnd(28)} ${fmt(spread(results.map(pick)), digits)}`);
    }
  }
  return ok ? 0 : 1;
}

process.exitCode = process.argv.includes('--flood') ? await floods() : await main();
