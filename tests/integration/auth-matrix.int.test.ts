/*
 * Authorization matrix against the production build: anonymous / user / admin × every
 * admin page and endpoint, asserting the status codes. The routes are read from
 * src/pages (admin/, blog/admin/, api/admin/), so a new admin page or endpoint is covered
 * the day it lands. Accounts are made as people make them (sign-up, the link in the
 * captured e-mail, sign-in); the admin comes from `npm run admin:grant` while the server
 * holds the embedded database (the CLI goes through the server's socket).
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuild } from '../support/ensure-build';
import { startBuiltServer, type RunningServer } from '../support/server';
import { startCaptureSmtp, type CaptureSmtp } from '../support/smtp';

const run = promisify(execFile);
const PASSWORD = 'Matriz#2026x';
const FAKE_ID = '00000000-0000-4000-8000-000000000000';

interface Route {
  path: string;
  kind: 'page' | 'endpoint';
  methods: string[];
}

/** Every page (.astro) and endpoint (.ts) under the admin folders of src/pages. */
function adminRoutes(): Route[] {
  const roots = ['src/pages/admin', 'src/pages/blog/admin', 'src/pages/api/admin'];
  const files: string[] = [];
  const walk = (dir: string) => {
    let entries: string[];
    try {
      entries = readdirSync(dir);
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(astro|ts)$/.test(entry) && !entry.startsWith('_')) files.push(full);
    }
  };
  roots.forEach(walk);
  return files.map((file) => {
    const path =
      '/' +
      relative('src/pages', file)
        .replace(/\.(astro|ts)$/, '')
        .replace(/(^|\/)index$/, '')
        .replace(/\[\.\.\.[^\]]+\]/g, 'x')
        .replace(/\[[^\]]+\]/g, FAKE_ID);
    if (file.endsWith('.astro')) return { path, kind: 'page' as const, methods: ['GET'] };
    const source = readFileSync(file, 'utf8');
    const methods = [
      ...source.matchAll(/export\s+(?:const|async function|function)\s+(GET|POST|PUT|PATCH|DELETE|ALL)\b/g),
    ].map((m) => (m[1] === 'ALL' ? 'GET' : m[1]!));
    return { path, kind: 'endpoint' as const, methods: methods.length ? methods : ['GET'] };
  });
}

describe('authorization matrix on the built server', () => {
  let smtp: CaptureSmtp;
  let server: RunningServer;
  const cookies: Record<'user' | 'admin', string> = { user: '', admin: '' };

  async function auth(path: string, body: object): Promise<Response> {
    return fetch(`${server.url}/api/auth${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify(body),
    });
  }

  async function account(email: string): Promise<string> {
    expect((await auth('/sign-up/email', { name: 'Conta de Teste', email, password: PASSWORD })).status).toBe(200);
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes(email), 30_000);
    const link = new URL(/https?:\/\/\S+verify-email\S+/.exec(mail.text ?? '')![0]);
    // The link names SITE_URL (localhost); the server listens on 127.0.0.1.
    const verified = await fetch(new URL(link.pathname + link.search, server.url), { redirect: 'manual' });
    expect(verified.status).toBe(302);
    const signedIn = await auth('/sign-in/email', { email, password: PASSWORD });
    expect(signedIn.status).toBe(200);
    return signedIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  }

  beforeAll(async () => {
    ensureBuild();
    smtp = await startCaptureSmtp();
    server = await startBuiltServer({ SMTP_URL: smtp.url, LEAD_RATE_LIMIT: 'off' });
    cookies.user = await account('usuario@exemplo.com');
    cookies.admin = await account('admin@exemplo.com');
    const granted = await run(join('node_modules', '.bin', 'tsx'), ['scripts/admin-grant.ts', 'admin@exemplo.com'], {
      env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '' },
    });
    expect(granted.stdout).toContain('admin@exemplo.com agora é administrador(a)');
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  const routes = adminRoutes();

  it('finds the admin pages and endpoints', () => {
    expect(routes.map((r) => r.path)).toEqual(expect.arrayContaining(['/blog/admin', `/admin/documentos/${FAKE_ID}`]));
  });

  async function request(route: Route, method: string, cookie?: string): Promise<Response> {
    const headers: Record<string, string> = { origin: server.url };
    if (route.kind === 'page') headers['accept'] = 'text/html';
    if (cookie) headers['cookie'] = cookie;
    const withBody = method !== 'GET' && method !== 'HEAD';
    if (withBody) headers['content-type'] = 'application/json';
    return fetch(server.url + route.path, { method, headers, redirect: 'manual', ...(withBody ? { body: '{}' } : {}) });
  }

  describe.each(routes.map((route) => [`${route.kind} ${route.path}`, route] as const))('%s', (_name, route) => {
    it.each(route.methods)('%s: anonymous is sent to sign in', async (method) => {
      const response = await request(route, method);
      if (route.kind === 'page') {
        expect(response.status).toBe(302);
        expect(new URL(response.headers.get('location')!, server.url).pathname).toBe('/auth');
      } else {
        expect(response.status).toBe(401);
      }
    });

    it.each(route.methods)('%s: a signed-in user is forbidden', async (method) => {
      const response = await request(route, method, cookies.user);
      expect(response.status).toBe(403);
      if (route.kind === 'page') {
        const html = await response.text();
        expect(html).toContain('Acesso negado');
        expect(html).toContain('lang="pt-BR"');
      }
    });

    it.each(route.methods)('%s: an admin gets in', async (method) => {
      const response = await request(route, method, cookies.admin);
      expect([401, 403]).not.toContain(response.status);
      expect(response.status).toBeLessThan(500);
      expect(response.headers.get('location') ?? '').not.toMatch(/\/auth/);
    });
  });

  it('the dashboard answers 200 to an admin', async () => {
    const response = await fetch(`${server.url}/blog/admin`, { headers: { cookie: cookies.admin } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Últimos 20 contatos');
  });

  it("Better Auth's own admin endpoints: 401 anonymous, 403 user, 200 admin", async () => {
    const listUsers = (cookie?: string) =>
      fetch(`${server.url}/api/auth/admin/list-users`, { headers: cookie ? { cookie } : {} });
    expect((await listUsers()).status).toBe(401);
    expect((await listUsers(cookies.user)).status).toBe(403);
    const admin = await listUsers(cookies.admin);
    expect(admin.status).toBe(200);
    expect(((await admin.json()) as { total: number }).total).toBe(2);
  });

  it('/auth sends a signed-in visitor to /blog/admin', async () => {
    const response = await fetch(`${server.url}/auth`, { headers: { cookie: cookies.user }, redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get('location')!, server.url).pathname).toBe('/blog/admin');
  });
});
