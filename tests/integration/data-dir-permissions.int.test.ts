/*
 * DATA_DIR is owner-only: the embedded database (identity documents,
 * password hashes, sessions), the spool and the secret are never readable or writable by
 * other local users. Checked on the production server (BUILD_DIR, built first when missing
 * or stale) after it saved a lead, on an install whose modes were left open, and
 * on the two commands that write the folder without a server: db:migrate and admin:grant.
 *
 * The same server takes a bounded flood of anonymous document uploads from one address:
 * the caps answer with their pt-BR texts, what the address made the server write stays
 * within them, every file the database creates meanwhile is owner-only from the start,
 * and once the uploads expire the housekeeping gives the disk space back.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, lstatSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { uploadMessages } from '~/copy/messages/implementation';
import { rateLimitMessage } from '~/copy/messages/lead';
import { CHUNK_BYTES, CHUNK_INDEX_HEADER, UPLOAD_ENDPOINT, UPLOAD_TOKEN_HEADER } from '~/lib/document-upload';
import { MAX_CNH_BYTES } from '~/lib/file-type';
import { openDatabase, pgliteDirFor } from '~/server/db/client';
import { UPLOAD_CLIENT_MAX_BYTES, UPLOAD_MAX_RECEIVED_FACTOR } from '~/server/implementation/document-uploads';
import { ensureBuild } from '../support/ensure-build';
import { logLines } from '../support/log';
import { startBuiltServer, type RunningServer } from '../../scripts/support/server';
import { until } from '../support/until';

/** Every file and folder under `root` (root included) with its permission bits. */
function entries(root: string): { path: string; mode: number; dir: boolean }[] {
  const found: { path: string; mode: number; dir: boolean }[] = [];
  const visit = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    found.push({ path, mode: stat.mode & 0o7777, dir: stat.isDirectory() });
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(root);
  return found;
}

/** Entries another local user could read, write or enter, as "relative/path 0644". */
function openToOthers(root: string): string[] {
  return entries(root)
    .filter((entry) => (entry.mode & 0o077) !== 0)
    .map((entry) => `${relative(root, entry.path) || '.'} ${entry.mode.toString(8)}`);
}

// Each test starts the production server or a CLI; a loaded 2-core machine needs the room.

/** What an install made before the rule looks like: folders 0777, files 0666. */
function openEverything(root: string): number {
  const all = entries(root);
  for (const entry of all) chmodSync(entry.path, entry.dir ? 0o777 : 0o666);
  return all.length;
}

function run(command: string, args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(join('node_modules', '.bin', command), args, {
      env: { ...process.env, DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code: code ?? -1, output }));
  });
}

async function postLead(server: RunningServer): Promise<void> {
  const response = await fetch(`${server.url}/_actions/lead`, {
    method: 'POST',
    signal: AbortSignal.timeout(60_000),
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: server.url,
      Accept: 'application/json',
    },
    body: new URLSearchParams({
      nome: 'Paula Lima',
      email: 'paula@exemplo.com',
      celular: '(11) 98765-4321',
      tipo: 'proprietario',
      submission_key: crypto.randomUUID(),
    }).toString(),
  });
  const text = await response.text();
  expect(response.status, `${text}\n${server.output().slice(-3000)}`).toBe(200);
  expect(text).toContain('saved');
}

describe('DATA_DIR permissions on the built server', () => {
  let server: RunningServer | undefined;

  beforeAll(() => ensureBuild(), 600_000);
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it('a fresh DATA_DIR is owner-only after a lead is saved; one whose modes were opened (folders 0777, files 0666) is closed at start, and the log counts, names nothing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pilota-perms-'));
    server = await startBuiltServer({ DATA_DIR: dataDir, SMTP_URL: '', RESEND_API_KEY: '' });
    await postLead(server);

    const all = entries(dataDir).map((entry) => relative(dataDir, entry.path));
    // The things worth protecting are really there, so "nothing is open" means something.
    expect(all).toEqual(expect.arrayContaining(['db', join('db', 'PG_VERSION'), 'auth-secret', 'admin.sock']));
    expect(openToOthers(dataDir)).toEqual([]);
    await server.stop();
    expect(openToOthers(dataDir)).toEqual([]);

    // What an install made before the rule looks like, on the same folder.
    const opened = openEverything(dataDir);
    expect(openToOthers(dataDir).length).toBe(opened);

    server = await startBuiltServer({ DATA_DIR: dataDir, SMTP_URL: '', RESEND_API_KEY: '' });
    expect(openToOthers(dataDir)).toEqual([]);
    const line = logLines(server.output()).find((text) => text.includes('now owner-only'));
    expect(line).toMatch(/\[runtime\] DATA_DIR: \d+ files and folders were open to other users; now owner-only/);
    expect(Number(/(\d+) files/.exec(line!)![1])).toBe(opened);
    expect(line).not.toContain(dataDir);
    expect(line).not.toContain('PG_VERSION');

    // Still the same, working database: a second lead is saved next to the first.
    await postLead(server);
  }, 240_000);
});

describe('DATA_DIR permissions of the commands that run without a server', () => {
  it('db:migrate creates an owner-only embedded database; admin:grant closes an open one', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pilota-perms-'));
    const migrated = await run('drizzle-kit', ['migrate'], { DATA_DIR: dataDir });
    expect(migrated.output).toContain('migrations applied successfully');
    expect(migrated.code).toBe(0);
    expect(entries(dataDir).length).toBeGreaterThan(100);
    expect(openToOthers(dataDir)).toEqual([]);

    openEverything(dataDir);
    const granted = await run('tsx', ['scripts/admin-grant.ts', 'ninguem@exemplo.com'], { DATA_DIR: dataDir });
    // No such account; what matters here is what the command left behind.
    expect(granted.output).toContain('Nenhuma conta com o e-mail ninguem@exemplo.com');
    expect(openToOthers(dataDir)).toEqual([]);
  }, 180_000);
});

/** Bytes of every file under `root`. */
function folderBytes(root: string): number {
  return entries(root)
    .filter((entry) => !entry.dir)
    .reduce((sum, entry) => sum + lstatSync(entry.path).size, 0);
}

/**
 * Walks `root` every tenth of a second until stopped, collecting every entry ever seen open to
 * other users: files the database creates and removes between two looks at the end would slip by.
 */
function watchOpenModes(root: string): { stop: () => string[] } {
  const seen = new Set<string>();
  const look = () => {
    try {
      for (const entry of openToOthers(root)) seen.add(entry);
    } catch (error) {
      // Removed while we walked: the next look sees the folder as it is now.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  };
  // Every 100 ms: a database file lives longer than that, and walking its ~1,500 entries more often only took the cores.
  const timer = setInterval(look, 100);
  return {
    stop: () => {
      clearInterval(timer);
      look();
      return [...seen];
    },
  };
}

describe('anonymous uploads flooding the built server', () => {
  let server: RunningServer | undefined;

  beforeAll(() => ensureBuild(), 600_000);
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it('one address hits the caps with their pt-BR texts, files stay owner-only, and the space comes back', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pilota-flood-'));
    const dbDir = pgliteDirFor(dataDir);
    const watcher = watchOpenModes(dataDir);
    const env = { DATA_DIR: dataDir, SMTP_URL: '', RESEND_API_KEY: '', LEAD_RATE_LIMIT: '10/60' };
    server = await startBuiltServer(env);
    const baseline = folderBytes(dbDir);
    const { url } = server;
    const started = Date.now();

    const call = async (method: 'POST' | 'PUT', body: BodyInit, headers: Record<string, string>) => {
      const response = await fetch(`${url}${UPLOAD_ENDPOINT}`, {
        method,
        body,
        headers: { Origin: url, ...headers },
        signal: AbortSignal.timeout(30_000),
      });
      return { status: response.status, json: (await response.json()) as Record<string, unknown> };
    };
    const declaration = JSON.stringify({
      size: MAX_CNH_BYTES,
      sha256: createHash('sha256').update('x').digest('hex'),
      name: 'cnh.pdf',
    });
    /** A different first chunk each time, so nothing is skipped as a repeat: the worst case for the table. */
    const freshChunk = () => {
      const bytes = randomBytes(CHUNK_BYTES);
      bytes.write('%PDF-1.7\n');
      return bytes;
    };

    // Starts until refused (bounded): the address's cap in declared bytes.
    const tokens: string[] = [];
    let refusedStart: { status: number; json: Record<string, unknown> } | undefined;
    for (let i = 0; i < 10 && !refusedStart; i++) {
      const answer = await call('POST', declaration, { 'Content-Type': 'application/json' });
      if (answer.status === 201) tokens.push(answer.json['token'] as string);
      else refusedStart = answer;
    }
    expect(tokens).toHaveLength(UPLOAD_CLIENT_MAX_BYTES / MAX_CNH_BYTES);
    expect(refusedStart).toEqual({ status: 429, json: { error: uploadMessages.clientBusy, stage: 'upload' } });

    // Each token takes new bytes for its first chunk until its allowance is spent (bounded).
    let written = 0;
    const answers: string[] = [];
    for (const token of tokens) {
      for (let i = 0; i < 10; i++) {
        const answer = await call('PUT', freshChunk(), {
          'Content-Type': 'application/octet-stream',
          [UPLOAD_TOKEN_HEADER]: token,
          [CHUNK_INDEX_HEADER]: '0',
        });
        if (answer.status !== 200) {
          expect(answer).toEqual({ status: 429, json: { error: uploadMessages.resentTooOften, stage: 'upload' } });
          answers.push('resent');
          break;
        }
        written += CHUNK_BYTES;
      }
    }
    expect(answers).toEqual(tokens.map(() => 'resent'));
    const perToken = Math.floor((UPLOAD_MAX_RECEIVED_FACTOR * MAX_CNH_BYTES) / CHUNK_BYTES) * CHUNK_BYTES;
    expect(written).toBe(tokens.length * perToken);

    // Then the chunk requests' own limit: 10/60 × 3 per address, every request counted.
    let rateLimited: { status: number; json: Record<string, unknown> } | undefined;
    for (let i = 0; i < 40 && !rateLimited; i++) {
      const answer = await call('PUT', freshChunk(), {
        'Content-Type': 'application/octet-stream',
        [UPLOAD_TOKEN_HEADER]: tokens[0]!,
        [CHUNK_INDEX_HEADER]: '0',
      });
      if (answer.status !== 429 || answer.json['error'] !== uploadMessages.resentTooOften) rateLimited = answer;
    }
    expect(rateLimited).toEqual({ status: 429, json: { error: rateLimitMessage, stage: 'upload' } });
    const seconds = (Date.now() - started) / 1000;
    const flooded = folderBytes(dbDir);
    // The worst case of one address within a minute: what it made the server write, and hold.
    console.info(
      `[flood] one address: ${(written / 2 ** 20).toFixed(0)} MiB of chunks taken in ${seconds.toFixed(1)} s; ` +
        `database folder ${(baseline / 2 ** 20).toFixed(0)} → ${(flooded / 2 ** 20).toFixed(0)} MiB`,
    );
    expect(seconds).toBeLessThan(60);
    expect(written).toBeLessThanOrEqual(UPLOAD_MAX_RECEIVED_FACTOR * UPLOAD_CLIENT_MAX_BYTES);

    // An hour later (moved by hand while the server is down), the start-up housekeeping pass
    // deletes the expired uploads and gives the space back.
    await server.stop();
    const database = await openDatabase({ pgliteDir: dbDir });
    await database.db.execute(sql`update document_uploads set expires_at = now() - interval '1 second'`);
    await database.close();
    server = await startBuiltServer(env);
    const line = await until(
      () => logLines(server!.output()).find((text) => text.includes('expired uploads deleted')),
      60_000,
    );
    expect(line).toMatch(/\[housekeeping\] 4 expired uploads deleted/);
    const cleaned = folderBytes(dbDir);
    console.info(`[flood] after housekeeping: database folder ${(cleaned / 2 ** 20).toFixed(0)} MiB`);
    // Near the baseline: the table is emptied and the WAL it went through removed (one segment of slack).
    expect(cleaned).toBeLessThan(baseline + 20 * 2 ** 20);

    expect(watcher.stop()).toEqual([]);
  }, 300_000);
});
