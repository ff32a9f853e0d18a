/*
 * The beacon flood of `npm run bench:analytics -- --flood` (scripts/bench-analytics.ts): a
 * built server on loopback takes FLOOD_POSTS posts to /api/visita within FLOOD_SECONDS, every
 * one with values never seen before (page, utm_*, partner, CTA, referrer, user agent), from
 * many clients at once (LEAD_RATE_LIMIT=off: no per-address limit, as from many addresses).
 * Measured: the database's growth (the data folder, or the PostgreSQL database's size), the
 * liveness probe's latency during the flood and for `afterSeconds` after it (the minute job's
 * roll-ups run then), a lead posted mid-flood, and /admin/visitas (time and size) once the
 * flood ends and again at the end. Bounded: a fixed number of posts, loopback only.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, pgliteDirFor } from '../../src/server/db/client';
import { teamCookie } from './blog-accounts';
import { startBuiltServer } from './server';
import { startCaptureSmtp } from './smtp';

export const FLOOD_POSTS = 45_000;
export const FLOOD_SECONDS = 60;
/** Posts in flight at once: enough to keep the pace on two shared cores. */
const IN_FLIGHT = 32;
const PROBE_EVERY_MS = 100;

export interface FloodResult {
  engine: string;
  sent: number;
  statuses: Record<string, number>;
  floodSeconds: number;
  growthMb: number;
  liveDuring: { p50: number; p99: number; max: number; n: number };
  liveAfter: { p50: number; p99: number; max: number; n: number };
  leadMs: number;
  leadOk: boolean;
  reportAfterFlood: { ms: number; kb: number; status: number };
  reportAtEnd: { ms: number; kb: number; status: number };
  rows: Record<string, number>;
  /** Liveness probes that failed (a reset connection): counted, not hidden. */
  probeErrors: number;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN;
};
const summary = (values: number[]) => ({
  p50: percentile(values, 50),
  p99: percentile(values, 99),
  max: values.length ? Math.max(...values) : Number.NaN,
  n: values.length,
});

function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += folderBytes(path);
    else if (entry.isFile()) total += statSync(path).size;
  }
  return total;
}

const ROW_TABLES = [
  'analytics_events',
  'analytics_daily',
  'analytics_daily_dims',
  'analytics_daily_pairs',
  'analytics_values',
];

/** One flood against a fresh server: the embedded database, or a fresh PostgreSQL database under `postgresUrl`. */
export async function runFlood(options: { postgresUrl?: string; afterSeconds: number }): Promise<FloodResult> {
  let databaseUrl: string | undefined;
  let admin: pg.Client | undefined;
  let dbName = '';
  if (options.postgresUrl) {
    admin = new pg.Client({ connectionString: options.postgresUrl });
    await admin.connect();
    dbName = `bench_flood_${randomBytes(4).toString('hex')}`;
    await admin.query(`create database ${dbName}`);
    const url = new URL(options.postgresUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const smtp = await startCaptureSmtp();
  const server = await startBuiltServer({
    LEAD_RATE_LIMIT: 'off',
    SMTP_URL: smtp.url,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
  });
  const base = server.url;
  const size = async (): Promise<number> => {
    if (!databaseUrl) return folderBytes(server.dataDir);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>('select pg_database_size(current_database()) as n');
      return Number(rows[0]!.n);
    } finally {
      await client.end();
    }
  };
  const report = async (cookie: string) => {
    const started = performance.now();
    const response = await fetch(`${base}/admin/visitas`, { headers: { Cookie: cookie } });
    const body = await response.arrayBuffer();
    return { ms: performance.now() - started, kb: body.byteLength / 1024, status: response.status };
  };
  try {
    // admin:grant updates a PostgreSQL database itself (DATABASE_URL), the embedded one through the server.
    const previousUrl = process.env['DATABASE_URL'];
    if (databaseUrl) process.env['DATABASE_URL'] = databaseUrl;
    const { cookie } = await teamCookie(base, server.dataDir, 'vendas', smtp).finally(() => {
      if (previousUrl === undefined) delete process.env['DATABASE_URL'];
      else process.env['DATABASE_URL'] = previousUrl;
    });
    await report(cookie); // warm: the page's modules loaded, today's roll-up made
    const before = await size();

    let phase = 'during' as 'during' | 'after' | 'done';
    const live = { during: [] as number[], after: [] as number[] };
    let probeErrors = 0;
    const probing = (async () => {
      while (phase !== 'done') {
        const started = performance.now();
        const which = phase;
        // A failed probe (a reset connection) counts as one as slow as it was, and is counted.
        await fetch(`${base}/api/health/live`)
          .then((r) => r.arrayBuffer())
          .catch(() => (probeErrors += 1));
        live[which].push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
      }
    })();

    const statuses: Record<string, number> = {};
    let next = 0;
    const floodStart = performance.now();
    const spacing = (FLOOD_SECONDS * 1000) / FLOOD_POSTS;
    const poster = async () => {
      while (next < FLOOD_POSTS) {
        const n = next++;
        const due = floodStart + n * spacing;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const u = `${n}-${randomBytes(3).toString('hex')}`;
        const body = JSON.stringify({
          k: 'view',
          p: `/flood/${u}`,
          r: `r${u}.example`,
          s: `s${u}`,
          m: `m${u}`,
          c: `c${u}`,
          pt: `p${u}`,
          cta: `cta${u}`,
          d: 'desktop',
        });
        try {
          const response = await fetch(`${base}/api/visita`, {
            method: 'POST',
            headers: {
              'content-type': 'text/plain;charset=UTF-8',
              origin: base,
              'user-agent': `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0.${n}.0 Safari/537.36`,
            },
            body,
          });
          await response.arrayBuffer();
          statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        } catch {
          statuses['error'] = (statuses['error'] ?? 0) + 1;
        }
      }
    };
    // A lead halfway through the flood, as a visitor would send it.
    const lead = (async () => {
      await new Promise((resolve) => setTimeout(resolve, (FLOOD_SECONDS * 1000) / 2));
      const started = performance.now();
      const response = await fetch(`${base}/_actions/lead`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base, Accept: 'application/json' },
        body: new URLSearchParams({
          nome: 'Lead Durante',
          email: 'durante@bench.example',
          celular: '(11) 98765-4321',
          tipo: 'proprietario',
          pagina_origem: `${base}/planos`,
          utm_source: 'bench',
          submission_key: randomUUID(),
        }).toString(),
      });
      const text = await response.text();
      return { ms: performance.now() - started, ok: response.ok && text.includes('saved') };
    })();
    await Promise.all(Array.from({ length: IN_FLIGHT }, poster));
    const floodSeconds = (performance.now() - floodStart) / 1000;
    const leadResult = await lead;
    phase = 'after';
    const reportAfterFlood = await report(cookie);
    await new Promise((resolve) => setTimeout(resolve, options.afterSeconds * 1000));
    const reportAtEnd = await report(cookie);
    phase = 'done';
    await probing;
    const after = await size();

    const rows: Record<string, number> = {};
    if (databaseUrl) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      for (const table of ROW_TABLES)
        rows[table] = Number((await client.query<{ n: string }>(`select count(*) as n from ${table}`)).rows[0]!.n);
      await client.end();
    }
    await server.stop();
    if (!databaseUrl) {
      const handle = await openDatabase({ pgliteDir: pgliteDirFor(server.dataDir) });
      for (const table of ROW_TABLES) {
        const result = (await handle.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
          rows: { n: number }[];
        };
        rows[table] = Number(result.rows[0]!.n);
      }
      await handle.close();
    }
    return {
      engine: databaseUrl ? 'PostgreSQL' : 'embedded (PGlite)',
      sent: FLOOD_POSTS,
      statuses,
      floodSeconds,
      growthMb: (after - before) / 1024 / 1024,
      liveDuring: summary(live.during),
      liveAfter: summary(live.after),
      leadMs: leadResult.ms,
      leadOk: leadResult.ok,
      reportAfterFlood,
      reportAtEnd,
      rows,
      probeErrors,
    };
  } finally {
    await server.stop();
    await smtp.stop();
    if (admin) {
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
}
