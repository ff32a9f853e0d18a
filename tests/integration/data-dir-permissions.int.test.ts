/*
 * DATA_DIR is owner-only (issue 11, finding 3): the embedded database (identity documents,
 * password hashes, sessions), the spool and the secret are never readable or writable by
 * other local users. Checked on the production server (BUILD_DIR, built first when missing
 * or stale) after it saved a lead, on an install left with open modes by older code, and
 * on the two commands that write the folder without a server: db:migrate and admin:grant.
 */
import { spawn } from 'node:child_process';
import { chmodSync, lstatSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuild } from '../support/ensure-build';
import { logLines } from '../support/log';
import { startBuiltServer, type RunningServer } from '../support/server';

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

  it('a fresh DATA_DIR is owner-only — database, lock, secret, socket — after a lead is saved', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pilota-perms-'));
    server = await startBuiltServer({ DATA_DIR: dataDir, SMTP_URL: '', RESEND_API_KEY: '' });
    await postLead(server);

    const all = entries(dataDir).map((entry) => relative(dataDir, entry.path));
    // The things worth protecting are really there, so "nothing is open" means something.
    expect(all).toEqual(expect.arrayContaining(['db', join('db', 'PG_VERSION'), 'auth-secret', 'admin.sock']));
    expect(openToOthers(dataDir)).toEqual([]);

    await server.stop();
    expect(openToOthers(dataDir)).toEqual([]);
  }, 180_000);

  it('an install left with open modes (folders 0777, files 0666) is closed at start; the log counts, names nothing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pilota-perms-'));
    server = await startBuiltServer({ DATA_DIR: dataDir, SMTP_URL: '', RESEND_API_KEY: '' });
    await postLead(server);
    await server.stop();

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
  }, 180_000);
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
