/*
 * `npm run bench:inbox`: the sales inbox's leads list and search on the embedded database
 * with 100,000 demo leads (floor: p95 ≤ 150 ms server time for the filtered list and for
 * the search). Times the service call (src/server/inbox/lead-list.ts: the page and its total)
 * in this process, as the server would run it, for a set of views a sales team uses.
 *
 * Then the reports (src/server/inbox/reports.ts, what /admin/relatorios reads: the team's
 * report and the per-salesperson one) for a 30-day and a 1-year period (floor: p95 ≤ 300 ms
 * for the page's reads), timed over BENCH_RUNS calls each, BENCH_ROUNDS times (default 3,
 * reported as min / median / max of the p95s); then the same with one day of the period
 * changed before each call (a lead moved in the pipeline: its day's roll-up is rebuilt
 * first, as the next reader finds it), without a floor.
 *
 * Then the CSV export of all the leads (src/server/inbox/lead-export.ts), read to the end
 * as a download would be, with the process's memory sampled meanwhile (floor: it grows
 * by < 50 MB whatever the size).
 *
 * The database is made once in BENCH_DATA_DIR (default: a temporary folder) with
 * `seedDemoLeads`, and reused by later runs that name the same folder, since seeding
 * 100,000 leads takes a while. BENCH_LEADS changes the count, BENCH_RUNS the timed runs
 * per view. DATABASE_URL benchmarks PostgreSQL instead (seeding it if it has fewer leads).
 * BENCH_ONLY=reports times the reports alone.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import { openDatabase, type Db } from '../src/server/db/client';
import { contatos } from '../src/server/db/schema';
import { seedDemoLeads } from './support/demo-leads';
import { listLeads } from '../src/server/inbox/lead-list';
import { leadsCsv } from '../src/server/inbox/lead-export';
import { leadReport, salesReports } from '../src/server/inbox/reports';
import { parseLeadFilters } from '../src/lib/validation/lead-filters';
import { saoPauloDay } from '../src/lib/time-zone';
import { addDays } from '../src/lib/reports';

const LEADS = Number(process.env['BENCH_LEADS'] ?? 100_000);
const RUNS = Number(process.env['BENCH_RUNS'] ?? 30);
const FLOOR_P95_MS = 150;
const FLOOR_EXPORT_MB = 50;
const FLOOR_REPORT_MS = 300;
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);
const ONLY_REPORTS = process.env['BENCH_ONLY'] === 'reports';
const MIGRATIONS = 'src/server/db/migrations';
const databaseUrl = process.env['DATABASE_URL'];
const dataDir = process.env['BENCH_DATA_DIR'] ?? mkdtempSync(join(tmpdir(), 'pilota-bench-inbox-'));

const now = new Date();
const daysAgo = (days: number) => saoPauloDay(new Date(now.getTime() - days * 86_400_000));

/** Views as the list's URL holds them. */
const LIST_VIEWS = [
  '',
  'status=novo',
  'status=em_contato&status=qualificado',
  'atrasados=1',
  'tipo=corretor&utm_source=google',
  'utm_campaign=lancamento-2026',
  'parceiro=carol-imoveis',
  'cta=hero-teste-gratis',
  'origem=%2Fgestao&tipo=imobiliaria',
  `de=${daysAgo(30)}&ate=${daysAgo(0)}`,
  `de=${daysAgo(7)}&status=novo&ordem=antigos`,
  'ordem=nome',
  'ordem=nome_desc&tipo=proprietario',
  'pagina=20',
  'pagina=200&status=descartado',
];
const SEARCH_VIEWS = [
  'q=joao',
  'q=Jo%C3%A3o+Silva',
  'q=silva',
  'q=conceicao+imoveis',
  'q=gon%C3%A7alves&status=novo',
  'q=%40exemplo.net.br',
  'q=mariana.costa',
  'q=98765',
  'q=%2811%29+9',
  'q=ana&tipo=proprietario&utm_source=instagram',
  'q=nao-existe-ninguem',
];

async function migrate(db: Db) {
  const internals = db as unknown as { dialect: PgDialect; session: PgSession };
  await internals.dialect.migrate(readMigrationFiles({ migrationsFolder: MIGRATIONS }), internals.session, {
    migrationsFolder: MIGRATIONS,
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function timeViews(db: Db, views: string[]) {
  const all: number[] = [];
  const lines: string[] = [];
  for (const view of views) {
    const { filters } = parseLeadFilters(new URLSearchParams(view));
    const deps = { db, now: () => now };
    await listLeads(deps, filters);
    const times: number[] = [];
    let total = 0;
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      total = (await listLeads(deps, filters)).total;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    lines.push(
      `  ${(view || '(sem filtros)').padEnd(48)} ${String(total).padStart(7)} leads  p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms`,
    );
  }
  all.sort((a, b) => a - b);
  return { lines, p50: percentile(all, 50), p95: percentile(all, 95) };
}

/** Periods of the reports page: the default 30 days and a whole year (every demo lead). */
const REPORT_PERIODS = [
  { name: '30 dias', de: daysAgo(29), ate: daysAgo(0) },
  { name: '1 ano', de: daysAgo(364), ate: daysAgo(0) },
];
const REPORT_DAYS: Record<string, number> = { '30 dias': 30, '1 ano': 365 };

/** What the reports page reads for a period. */
async function reportsPage(db: Db, period: { de: string; ate: string }) {
  const { report } = await salesReports({ db }, period);
  return report.days.reduce((sum, day) => sum + day.leads, 0);
}

const spread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const format = (value: number) => value.toFixed(1);
  return `${format(sorted[0]!)} / ${format(sorted[Math.floor(sorted.length / 2)]!)} / ${format(sorted.at(-1)!)} ms`;
};

async function timeReports(db: Db) {
  const lines: string[] = [];
  let worstP95 = 0;
  for (const period of REPORT_PERIODS) {
    let leads = await reportsPage(db, period);
    const p95s: number[] = [];
    const changedP95s: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const times: number[] = [];
      const changed: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        let started = performance.now();
        leads = await reportsPage(db, period);
        times.push(performance.now() - started);
        // A day of the period logged stale, as the triggers do when one of its leads changes.
        const day = addDays(period.de, run % (REPORT_DAYS[period.name] ?? 1));
        await db.execute(sql`insert into lead_daily_stale (day) values (${day}::date)`);
        started = performance.now();
        await reportsPage(db, period);
        changed.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      changed.sort((a, b) => a - b);
      p95s.push(percentile(times, 95));
      changedP95s.push(percentile(changed, 95));
    }
    worstP95 = Math.max(worstP95, [...p95s].sort((a, b) => a - b)[Math.floor(p95s.length / 2)]!);
    lines.push(
      `reports ${period.name.padEnd(8)} ${String(leads).padStart(7)} leads  p95 min/median/max ${spread(p95s)} (floor ${FLOOR_REPORT_MS} ms); ` +
        `a day changed before each: p95 ${spread(changedP95s)}`,
    );
  }
  return { lines, p95: worstP95 };
}

/** Reads the whole export as a client would, sampling the process's resident memory. */
async function timeExport(db: Db) {
  globalThis.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  // Sampled after every chunk: the read loop may never yield to a timer.
  const sample = () => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  };
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  const reader = leadsCsv({ db, now: () => now }, parseLeadFilters(new URLSearchParams()).filters).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    for (const byte of value) if (byte === 10) lines++;
    sample();
  }
  const mb = (value: number) => value / 1024 / 1024;
  return {
    ms: performance.now() - started,
    bytes,
    rows: lines - 1,
    rssGrowthMb: mb(peakRss - before.rss),
    heapGrowthMb: mb(peakHeap - before.heapUsed),
  };
}

async function main(): Promise<number> {
  const handle = await openDatabase(databaseUrl ? { databaseUrl } : { pgliteDir: join(dataDir, 'db') });
  try {
    await migrate(handle.db);
    const [existing] = await handle.db.select({ leads: count() }).from(contatos);
    const missing = LEADS - (existing?.leads ?? 0);
    if (missing > 0) {
      console.log(`Seeding ${missing} demo leads into ${databaseUrl ? 'PostgreSQL' : dataDir}…`);
      const seeded = await seedDemoLeads(handle.db, { count: missing, now });
      console.log(
        `  ${seeded.leads} leads, ${seeded.statusChanges} status changes in ${(seeded.ms / 1000).toFixed(1)} s`,
      );
    }
    const engine = databaseUrl ? 'PostgreSQL' : 'embedded (PGlite)';
    const leadCount = Math.max(LEADS, existing?.leads ?? 0);
    // The first reports rebuild the roll-up of every day the seeding logged stale.
    const built = performance.now();
    await leadReport({ db: handle.db }, REPORT_PERIODS[0]!);
    console.log(`Lead roll-up brought up to date in ${((performance.now() - built) / 1000).toFixed(1)} s`);
    if (ONLY_REPORTS) {
      console.log(`Reports on ${engine}, ${leadCount} leads, ${RUNS} runs per view, ${ROUNDS} rounds:`);
      const reports = await timeReports(handle.db);
      console.log(reports.lines.join('\n'));
      return reports.p95 <= FLOOR_REPORT_MS ? 0 : 1;
    }
    console.log(`Leads list on ${engine}, ${leadCount} leads, ${RUNS} runs per view:`);
    const list = await timeViews(handle.db, LIST_VIEWS);
    console.log(list.lines.join('\n'));
    const search = await timeViews(handle.db, SEARCH_VIEWS);
    console.log(search.lines.join('\n'));
    console.log(
      `filtered list: p50 ${list.p50.toFixed(1)} ms, p95 ${list.p95.toFixed(1)} ms (floor ${FLOOR_P95_MS} ms)`,
    );
    console.log(
      `search:        p50 ${search.p50.toFixed(1)} ms, p95 ${search.p95.toFixed(1)} ms (floor ${FLOOR_P95_MS} ms)`,
    );
    const reports = await timeReports(handle.db);
    console.log(reports.lines.join('\n'));
    const exported = await timeExport(handle.db);
    console.log(
      `CSV export:    ${exported.rows} rows, ${(exported.bytes / 1024 / 1024).toFixed(1)} MB in ${(exported.ms / 1000).toFixed(1)} s; ` +
        `memory growth: RSS ${exported.rssGrowthMb.toFixed(1)} MB, JS heap ${exported.heapGrowthMb.toFixed(1)} MB (floor ${FLOOR_EXPORT_MB} MB)`,
    );
    if (!databaseUrl && !process.env['BENCH_DATA_DIR'])
      console.log(`(database kept in ${dataDir}: BENCH_DATA_DIR=${dataDir} reuses it)`);
    const withinFloors =
      list.p95 <= FLOOR_P95_MS &&
      search.p95 <= FLOOR_P95_MS &&
      reports.p95 <= FLOOR_REPORT_MS &&
      exported.rssGrowthMb < FLOOR_EXPORT_MB;
    return withinFloors ? 0 : 1;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main();
