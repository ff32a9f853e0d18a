/*
 * `npm run bench:netlify-cold`: the cold start of the Netlify build's SSR function, as a
 * visitor pays it when Netlify starts a new instance: in a fresh Node process, the time to
 * import the function and then to the first byte of its first answer, per path, BENCH_RUNS
 * times (default 3), with min/median/max; and the function bundle's size on disk.
 *
 * The function is the one the suite uses (`<NETLIFY_BUILD_DIR>.netlify/functions/ssr/ssr.mjs`,
 * built first when missing or stale), called with a real Request and the parts of Netlify's
 * context the adapter reads, against a throwaway PostgreSQL database created (and migrated)
 * on BENCH_DATABASE_URL's server and dropped afterwards.
 *
 *   npm run bench:netlify-cold
 *   BENCH_PATHS=/parceiro/carol-imoveis,/api/health/live BENCH_RUNS=5 npm run bench:netlify-cold
 *
 * Runs with tsx (the server's database client). One JSON line per
 * path, then one for the bundle.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client';
import { netlifyCopyDir } from '../src/integrations/netlify-target.mjs';
import { ensureBuild } from './build-freshness.mjs';

const BUILD_DIR = process.env['NETLIFY_BUILD_DIR'] ?? 'dist-netlify';
const FUNCTION_DIR = join(netlifyCopyDir(BUILD_DIR), 'functions', 'ssr');
const ENTRY = join(FUNCTION_DIR, 'ssr.mjs');
const RUNS = Number(process.env['BENCH_RUNS'] ?? 3);
const PATHS = (process.env['BENCH_PATHS'] ?? '/parceiro/carol-imoveis,/api/health/live').split(',');
const SERVER_URL = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** What runs in the fresh process: import, one request, time to its first body byte. */
const PROBE = `
const started = performance.now();
const { default: handler } = await import(new URL('file://' + process.env.PROBE_ENTRY).href);
const imported = performance.now();
const context = {
  ip: '127.0.0.1',
  requestId: 'bench',
  waitUntil: () => {},
  deploy: { context: 'production', id: 'bench', published: true },
  site: { id: 'bench', name: 'bench', url: process.env.URL },
};
const response = await handler(new Request(new URL(process.env.PROBE_PATH, 'http://localhost:8888')), context);
await response.body?.getReader().read();
const firstByte = performance.now();
console.log(JSON.stringify({
  status: response.status,
  importMs: imported - started,
  requestMs: firstByte - imported,
  firstByteMs: firstByte - started,
  rssMb: process.memoryUsage().rss / 2 ** 20,
}));
process.exit(0);
`;

interface Probe {
  status: number;
  importMs: number;
  requestMs: number;
  firstByteMs: number;
  rssMb: number;
}

const round = (value: number) => Math.round(value);

function spread(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { min: round(sorted[0]!), median: round(sorted[Math.floor(sorted.length / 2)]!), max: round(sorted.at(-1)!) };
}

function sizeOf(path: string): { bytes: number; files: number } {
  const stat = statSync(path);
  if (!stat.isDirectory()) return { bytes: stat.size, files: 1 };
  let bytes = 0;
  let files = 0;
  for (const entry of readdirSync(path)) {
    const inner = sizeOf(join(path, entry));
    bytes += inner.bytes;
    files += inner.files;
  }
  return { bytes, files };
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  ensureBuild({ entry: ENTRY, env: { DEPLOY_TARGET: 'netlify', BUILD_DIR } });
  const name = `pilota_bench_cold_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  try {
    const handle = await openDatabase({ databaseUrl: url.toString(), maxConnections: 1 });
    // The committed migrations, as a deploy applies them (drizzle's migrator over the folder).
    const migrationsFolder = 'src/server/db/migrations';
    const internals = handle.db as unknown as { dialect: PgDialect; session: PgSession };
    await internals.dialect.migrate(readMigrationFiles({ migrationsFolder }), internals.session, { migrationsFolder });
    await handle.close();
    const env = {
      PATH: process.env['PATH'] ?? '',
      DATABASE_URL: url.toString(),
      AUTH_SECRET: 'bench-netlify-cold-secret-0123456789',
      URL: 'http://localhost:8888',
      PROBE_ENTRY: resolve(ENTRY),
    };
    for (const path of PATHS) {
      const probes: Probe[] = [];
      for (let run = 0; run < RUNS; run++) {
        const child = spawnSync(process.execPath, ['--input-type=module', '-e', PROBE], {
          env: { ...env, PROBE_PATH: path },
          encoding: 'utf8',
        });
        const line = child.stdout.split('\n').find((text) => text.startsWith('{"status"'));
        if (!line) throw new Error(`the probe of ${path} failed:\n${child.stdout}\n${child.stderr}`);
        probes.push(JSON.parse(line) as Probe);
      }
      console.log(
        JSON.stringify({
          path,
          runs: RUNS,
          status: [...new Set(probes.map((probe) => probe.status))],
          importMs: spread(probes.map((probe) => probe.importMs)),
          firstRequestMs: spread(probes.map((probe) => probe.requestMs)),
          coldFirstByteMs: spread(probes.map((probe) => probe.firstByteMs)),
          rssMb: spread(probes.map((probe) => probe.rssMb)),
        }),
      );
    }
    const bundle = sizeOf(FUNCTION_DIR);
    const entryChunks = sizeOf(join(FUNCTION_DIR, '.netlify'));
    console.log(
      JSON.stringify({
        bundle: FUNCTION_DIR,
        totalMb: Number((bundle.bytes / 2 ** 20).toFixed(1)),
        files: bundle.files,
        serverCodeMb: Number((entryChunks.bytes / 2 ** 20).toFixed(1)),
      }),
    );
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
}

await main();
