/*
 * The Netlify build, offline: the SSR function @astrojs/netlify generates is imported and
 * called with real Requests (tests/support/netlify-function.ts: in a plain Node process, as
 * on Netlify), against PostgreSQL through PgBouncer in transaction mode
 * (Supabase's pooler profile), beside the Node build served by scripts/serve.mjs on its
 * own PostgreSQL database. Pages must answer alike on both targets: status, security
 * headers (CSP included) and content; static files get the same headers from `_headers`
 * and netlify.toml. A lead posted to the function is a row; sign-in works. Identity
 * documents of 5 MB go up in chunks under the platform's 6 MB request limit (which the
 * host keeps, tests/support/netlify-function-host.mjs) and come back byte for byte to an admin.
 * Public on-demand pages tell Netlify's CDN to keep them, with their cache tags, for anyone
 * signed in or not, and nothing personal does; publishing a post purges its tags through a
 * stand-in of Netlify's purge API. A lead and an implementation request are delivered right
 * after the answer, through the `waitUntil` of Netlify's context, to a webhook receiver and
 * an SMTP server, once: the scheduled drain that follows finds nothing of theirs due.
 *
 * Builds (once, when missing or stale): the Node build in BUILD_DIR (default dist) and
 * the Netlify build in NETLIFY_BUILD_DIR (default dist-netlify; its function is copied to
 * `<dir>.netlify/`, see src/integrations/netlify-target.mjs).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getStore } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { eq } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantAdmin } from '~/server/auth/admin-grant';
import { examplePosts } from '~/copy/blog';
import { seedExamplePosts } from '~/server/blog/seed';
import { authUser } from '~/server/db/schema';
import {
  CHUNK_INDEX_HEADER,
  UPLOAD_ENDPOINT,
  UPLOAD_TOKEN_FIELDS,
  UPLOAD_TOKEN_HEADER,
  chunkCount,
  chunkRange,
} from '~/lib/document-upload';
import { MAX_CNH_BYTES } from '~/lib/file-type';
import {
  blogPosts,
  contatos,
  deliveries,
  documentUploads,
  privateFiles,
  solicitacoesImplementacao,
} from '~/server/db/schema';
import { runScheduledDrain } from '~/server/delivery/scheduled-drain';
import { SPOOL_STORE } from '~/server/leads/blob-spool';
import { ALLOW_HEADER } from '~/server/http/methods';
import { LONG_CDN, SHORT_CDN } from '~/server/cdn/cdn-cache';
import { HEADER_CSP, securityHeaders } from '~/server/http/security-headers';
import { createSecurityLogger } from '~/server/security';
import { netlifyCopyDir } from '../../src/integrations/netlify-target.mjs';
import { callAction } from '../support/actions';
import { createTestDatabase, type TestDatabase } from '../support/db';
import { ensureBuild } from '../support/ensure-build';
import { logEntries, quietLog } from '../support/log';
import { rawRequest } from '../../scripts/support/raw-http';
import { startNetlifyFunction, type NetlifyFunction } from '../support/netlify-function';
import { pgBouncerMissingReason } from '../../scripts/support/pgbouncer';
import { startPurgeStandIn, type PurgeStandIn } from '../support/netlify-purge-standin';
import { startReceiver, type Receiver } from '../../scripts/support/receiver';
import { startBuiltServer, type RunningServer } from '../../scripts/support/server';
import { startCaptureSmtp, type CaptureSmtp } from '../../scripts/support/smtp';
import { until } from '../support/until';

const missing = pgBouncerMissingReason();
const NETLIFY_DIR = process.env['NETLIFY_BUILD_DIR'] ?? 'dist-netlify';
const FUNCTION_ENTRY = join(netlifyCopyDir(NETLIFY_DIR), 'functions', 'ssr', 'ssr.mjs');
/** Both targets are configured alike; the build's own site URL is the default one. */
const SITE = 'http://localhost:4321';
const SECRET = 'netlify-test-secret-0123456789abcdef';
const PASSWORD = 'Senha-forte-2024!';
const SHARED_ENV = {
  AUTH_SECRET: SECRET,
  SITE_URL: SITE,
  LEAD_RATE_LIMIT: 'off',
  MAIL_FROM: 'Pilota <x@pilota.example>',
};

/** Security header names, as the one source defines them, plus what decides a response's meaning. */
const COMPARED_HEADERS = [...Object.keys(securityHeaders(SITE)), 'Content-Type', 'Location', 'Cache-Control'];

function pick(headers: Headers): Record<string, string | null> {
  return Object.fromEntries(COMPARED_HEADERS.map((name) => [name, headers.get(name)]));
}

/** Where two bodies first differ (each with its own origin written as ORIGIN), or undefined. */
function firstDifference(a: string, b: string): { at: number; function: string; node: string } | undefined {
  if (a === b) return undefined;
  let at = 0;
  while (at < a.length && a[at] === b[at]) at++;
  return { at, function: a.slice(Math.max(0, at - 60), at + 60), node: b.slice(Math.max(0, at - 60), at + 60) };
}

function sessionCookie(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .join('; ');
}

/** `size` bytes that start like a PDF and differ everywhere, so any lost or moved byte shows. */
function pdfOfSize(size: number, seed: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 131 + seed * 17 + (i >> 9)) & 0xff;
  bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
  return bytes;
}

const CPF_REQUEST = {
  tipoDocumento: 'cpf',
  cpf: '529.982.247-25',
  nomeCompleto: 'Nina Nuvem',
  celular: '(11) 98765-4321',
  email: 'nina@netlify.example',
  emailAcesso: 'acesso.nina@netlify.example',
  senha: 'senha da nina',
};
const CNPJ_REQUEST = {
  tipoDocumento: 'cnpj',
  cnpj: '12.ABC.345/01DE-35',
  razaoSocial: 'Nuvem Imóveis Ltda.',
  responsavelCpf: '111.444.777-35',
  responsavelNome: 'Otto Nuvem',
  responsavelCelular: '(21) 3000-0000',
  responsavelEmail: 'otto@netlify.example',
  emailAcesso: 'acesso.otto@netlify.example',
  senha: 'senha do otto',
};

/** What scripts/netlify-build.ts does for pg-boss at deploy time, over the direct URL. */
async function installQueueSchema(directUrl: string): Promise<void> {
  const boss = new PgBoss({ connectionString: directUrl, schedule: false, supervise: false, max: 1 });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.stop({ graceful: false, close: true });
}

describe.skipIf(missing)(`the Netlify build${missing ? ` — skipped: ${missing}` : ''}`, () => {
  let netlifyDb: TestDatabase;
  let nodeDb: TestDatabase;
  let node: RunningServer;
  let fn: NetlifyFunction;
  let hook: Receiver;
  let smtp: CaptureSmtp;
  let purgeApi: PurgeStandIn;
  let functionEnv: Record<string, string>;

  const callFunction = (path: string, init: RequestInit = {}) =>
    fetch(new URL(path, fn.url), { redirect: 'manual', ...init });
  const callNode = (path: string, init: RequestInit = {}) =>
    fetch(new URL(path, node.url), { redirect: 'manual', ...init });

  beforeAll(async () => {
    ensureBuild();
    ensureBuild({ entry: FUNCTION_ENTRY, env: { DEPLOY_TARGET: 'netlify', BUILD_DIR: NETLIFY_DIR } });
    [netlifyDb, nodeDb] = await Promise.all([createTestDatabase('pgbouncer'), createTestDatabase('postgres')]);
    // What scripts/netlify-build.ts does at deploy (migrations ran in createTestDatabase, directly),
    // at one instant on both databases so the example posts carry the same dates.
    const seededAt = new Date();
    await Promise.all(
      [netlifyDb, nodeDb].map(({ db }) => seedExamplePosts({ db, posts: examplePosts, now: () => seededAt })),
    );
    [hook, smtp, purgeApi] = await Promise.all([
      startReceiver(),
      startCaptureSmtp(),
      startPurgeStandIn('netlify-purge-token'),
      installQueueSchema(netlifyDb.directUrl!),
    ]);
    node = await startBuiltServer({ ...SHARED_ENV, DATABASE_URL: nodeDb.url! });
    // Only what a Netlify site would set: no DATA_DIR, no DEPLOY_TARGET (the build knows its target).
    functionEnv = {
      ...SHARED_ENV,
      DATABASE_URL: netlifyDb.url!,
      SMTP_URL: smtp.url,
      LEAD_WEBHOOK_URLS: hook.url,
      WEBHOOK_SECRET: 'netlify-webhook-secret',
      // What Netlify gives every function, and the purge API's address (its stand-in here).
      SITE_ID: 'site-netlify-test',
      NETLIFY_PURGE_API_TOKEN: 'netlify-purge-token',
      CDN_PURGE_API_URL: purgeApi.url,
    };
    fn = await startNetlifyFunction(FUNCTION_ENTRY, functionEnv);
  }, 600_000);

  afterAll(async () => {
    await fn?.stop();
    await hook?.close();
    await purgeApi?.close();
    await smtp?.stop();
    await node?.stop();
    await Promise.all([netlifyDb?.close(), nodeDb?.close()]);
  });

  it('answers on-demand pages with the Node target’s status, security headers and content', async () => {
    const [post] = await netlifyDb.db.select({ slug: blogPosts.slug }).from(blogPosts).limit(1);
    const paths = [
      '/blog',
      `/blog/${post!.slug}`,
      // Astro crashes on this spelling; both front servers redirect it (src/integrations/index-html-redirect.mjs).
      `/blog/${post!.slug}/index.html`,
      '/auth',
      '/pagina-que-nao-existe',
      '/blog/admin',
      '/api/health',
      // The admin area's canonical-path redirects: no-store, the search (an e-mail) dropped.
      '/admin/leads/?q=ana%40exemplo.com',
      '/admin/leads/index.html?q=ana%40exemplo.com',
    ];
    for (const path of paths) {
      const [fromFunction, fromNode] = await Promise.all([callFunction(path), callNode(path)]);
      expect({ path, status: fromFunction.status }).toEqual({ path, status: fromNode.status });
      const sameOrigin = (headers: Record<string, string | null>, origin: string) =>
        JSON.parse(JSON.stringify(headers).replaceAll(origin, 'ORIGIN')) as Record<string, string | null>;
      expect({ path, ...sameOrigin(pick(fromFunction.headers), fn.url) }).toEqual({
        path,
        ...sameOrigin(pick(fromNode.headers), node.url),
      });
      const [functionBody, nodeBody] = [
        (await fromFunction.text()).replaceAll(fn.url, 'ORIGIN'),
        (await fromNode.text()).replaceAll(node.url, 'ORIGIN'),
      ];
      expect(firstDifference(functionBody, nodeBody), path).toBeUndefined();
      if (path.startsWith('/admin/leads/')) {
        expect({ path, location: fromFunction.headers.get('location') }).toEqual({ path, location: '/admin/leads' });
        expect({ path, cache: fromFunction.headers.get('cache-control') }).toEqual({
          path,
          cache: 'private, no-store',
        });
      }
    }
  });

  // Netlify's platform builds a WHATWG Request, which cannot carry TRACE; PROPFIND it can.
  it('refuses a method no route answers with 405 and Allow on both targets, logging no query', async () => {
    for (const path of ['/contato?email=ana@example.com', '/api/health/ready?token=segredo', '/_actions/lead']) {
      for (const target of [fn, node]) {
        const before = target.output().length;
        const answer = await rawRequest(target.url, 'PROPFIND', path, { Origin: target.url });
        expect({ path, status: answer.status, allow: answer.headers['allow'] }).toEqual({
          path,
          status: 405,
          allow: ALLOW_HEADER,
        });
        const log = target.output().slice(before);
        expect(log).not.toContain('ana@example.com');
        expect(log).not.toContain('segredo');
        expect(logEntries(log).filter((entry) => entry.level === 'error')).toEqual([]);
      }
    }
  });

  it('keeps Astro’s script-hash CSP and adds frame-ancestors beside it, as serve.mjs does', async () => {
    const csp = (await callFunction('/auth')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' 'sha256-");
    expect(csp.endsWith(`, ${HEADER_CSP}`)).toBe(true);
  });

  it('gives static files the Node target’s headers: _headers (security) and netlify.toml (immutable assets)', async () => {
    const headersFile = readFileSync(join(NETLIFY_DIR, '_headers'), 'utf8');
    const forAll = Object.fromEntries(
      [...headersFile.matchAll(/^ {2}([\w-]+): (.*)$/gm)].map(([, name, value]) => [name!, value!]),
    );
    expect(headersFile.startsWith('/*\n')).toBe(true);
    const page = await callNode('/planos');
    expect(page.status).toBe(200);
    for (const name of Object.keys(securityHeaders(SITE)))
      expect({ name, value: forAll[name] }).toEqual({ name, value: page.headers.get(name) });
    expect(firstDifference(readFileSync(join(NETLIFY_DIR, 'planos.html'), 'utf8'), await page.text())).toBeUndefined();

    const asset = /\/_astro\/[\w.-]+\.css/.exec(readFileSync(join(NETLIFY_DIR, 'planos.html'), 'utf8'))![0];
    const toml = readFileSync('netlify.toml', 'utf8');
    const immutable = /for = "\/_astro\/\*"\s*\[headers\.values\]\s*Cache-Control = "([^"]+)"/.exec(toml)?.[1];
    expect(immutable).toBe((await callNode(asset)).headers.get('cache-control'));
  });

  it('saves a lead posted to the function as a row, with its deliveries waiting in the database', async () => {
    const response = await callFunction('/_actions/lead', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: fn.url, Accept: 'application/json' },
      body: new URLSearchParams({
        nome: 'Lia Netlify',
        email: 'lia@netlify.example',
        celular: '(11) 98765-4321',
        tipo: 'corretor',
        empresa: 'Corretora Nuvem',
        submission_key: 'netlify-lead-1',
      }).toString(),
    });
    const text = await response.text();
    expect({ status: response.status, text: text.slice(0, 300) }).toMatchObject({ status: 200 });
    expect(text).toContain('saved');
    const rows = await netlifyDb.db.select().from(contatos).where(eq(contatos.email, 'lia@netlify.example'));
    expect(rows).toMatchObject([{ nome: 'Lia Netlify', tipo: 'corretor', empresa: 'Corretora Nuvem' }]);
    const waiting = await netlifyDb.db.select().from(deliveries).where(eq(deliveries.subjectId, rows[0]!.id));
    expect(waiting.map((row) => row.kind)).toContain('email');
  });

  it('delivers a lead right after the answer (waitUntil), once: the scheduled drain finds nothing left', async () => {
    const delays: number[] = [];
    for (let n = 1; n <= 5; n++) {
      const email = `agora${n}@netlify.example`;
      const sentAt = Date.now();
      const response = await callFunction('/_actions/lead', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: fn.url, Accept: 'application/json' },
        body: new URLSearchParams({
          nome: `Lia Agora ${n}`,
          email,
          celular: '(11) 98765-4321',
          tipo: 'corretor',
          empresa: 'Corretora Agora',
          submission_key: `netlify-now-${n}`,
        }).toString(),
      });
      expect({ n, status: response.status, text: (await response.text()).slice(0, 200) }).toMatchObject({
        n,
        status: 200,
        text: expect.stringContaining('saved') as unknown as string,
      });
      const [lead] = await netlifyDb.db.select().from(contatos).where(eq(contatos.email, email));
      const call = await hook.waitFor((request) => (request.json as { id?: string } | undefined)?.id === lead!.id);
      delays.push(Date.parse(call.receivedAt) - sentAt);
      await smtp.waitFor((mail) => mail.subject?.includes(`Lia Agora ${n}`) ?? false);
    }
    console.log(`[netlify] lead posted → webhook received with waitUntil: ${delays.join(', ')} ms`);
    expect(await fn.waitUntilSettled()).toMatchObject({ rejected: 0 });
    expect(logEntries(fn.output()).some((entry) => entry['component'] === 'drain')).toBe(true);

    // The safety net runs after them, as every minute on Netlify: nothing of theirs is due again.
    const again = await runScheduledDrain(functionEnv, { log: quietLog });
    expect(again).toMatchObject({ attempted: 0 });
    for (let n = 1; n <= 5; n++) {
      const [lead] = await netlifyDb.db
        .select()
        .from(contatos)
        .where(eq(contatos.email, `agora${n}@netlify.example`));
      const calls = hook.requests.filter((request) => (request.json as { id?: string } | undefined)?.id === lead!.id);
      const rows = await netlifyDb.db.select().from(deliveries).where(eq(deliveries.subjectId, lead!.id));
      expect({ n, calls: calls.length, statuses: rows.map((row) => row.status) }).toEqual({
        n,
        calls: 1,
        statuses: ['sent', 'sent'],
      });
    }
  });

  it('signs an admin in through the function and opens the admin area', async () => {
    const json = { 'Content-Type': 'application/json', Origin: SITE };
    const signUp = await callFunction('/api/auth/sign-up/email', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'Ana Admin', email: 'ana@netlify.example', password: PASSWORD }),
    });
    expect({ status: signUp.status, body: (await signUp.text()).slice(0, 300) }).toMatchObject({ status: 200 });
    // The first admin, as docs/deploying.md says: the owner confirms the address, then admin:grant
    // against DATABASE_URL (the pooler's).
    await confirmInDatabase('ana@netlify.example');
    await grantAdmin(
      netlifyDb.db,
      'ana@netlify.example',
      createSecurityLogger({ db: netlifyDb.db, secret: SECRET }),
      'test',
    );

    const signIn = await callFunction('/api/auth/sign-in/email', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'ana@netlify.example', password: PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const cookie = sessionCookie(signIn);
    expect(cookie).toContain('session_token=');

    const admin = await callFunction('/blog/admin', { headers: { cookie } });
    expect(admin.status).toBe(200);
    expect(await admin.text()).toContain('ana@netlify.example');
    const anonymous = await callFunction('/blog/admin');
    expect(anonymous.status).toBe(302);
  });

  /**
   * Test-only stand-in for the owner choosing the password from the e-mailed link (no SMTP
   * here; auth.int covers that flow): marks the address confirmed in the database.
   */
  async function confirmInDatabase(email: string): Promise<void> {
    await netlifyDb.db.update(authUser).set({ emailVerified: true }).where(eq(authUser.email, email));
  }

  /** Signs up `email`, makes it an admin (as admin:grant does) and returns its session cookie. */
  async function adminSession(email: string): Promise<string> {
    const json = { 'Content-Type': 'application/json', Origin: SITE };
    const signUp = await callFunction('/api/auth/sign-up/email', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'Admin de Documentos', email, password: PASSWORD }),
    });
    expect(signUp.status).toBe(200);
    await confirmInDatabase(email);
    await grantAdmin(netlifyDb.db, email, createSecurityLogger({ db: netlifyDb.db, secret: SECRET }), 'test');
    const signIn = await callFunction('/api/auth/sign-in/email', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    return sessionCookie(signIn);
  }

  /** What the island does: declare the file, PUT its chunks; returns the upload token. */
  async function uploadInChunks(file: Uint8Array<ArrayBuffer>, name: string): Promise<string> {
    const started = await callFunction(UPLOAD_ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', Origin: fn.url },
      body: JSON.stringify({ size: file.byteLength, sha256: createHash('sha256').update(file).digest('hex'), name }),
    });
    expect(started.status).toBe(201);
    const { token, chunkBytes } = (await started.json()) as { token: string; chunkBytes: number };
    for (let index = 0; index < chunkCount(file.byteLength, chunkBytes); index++) {
      const [start, end] = chunkRange(file.byteLength, chunkBytes, index);
      const sent = await callFunction(UPLOAD_ENDPOINT, {
        method: 'PUT',
        headers: {
          'Content-Type': 'application/octet-stream',
          Accept: 'application/json',
          Origin: fn.url,
          [UPLOAD_TOKEN_HEADER]: token,
          [CHUNK_INDEX_HEADER]: String(index),
        },
        body: file.subarray(start, end),
      });
      expect({ index, status: sent.status, body: await sent.text() }).toEqual({
        index,
        status: 200,
        body: JSON.stringify({ received: index }),
      });
    }
    return token;
  }

  const postForm = (body: FormData) =>
    callFunction('/api/implementacao', {
      method: 'POST',
      headers: { Accept: 'application/json', Origin: fn.url },
      body,
    });

  const formOf = (fields: Record<string, string>, extra: Record<string, string | Blob> = {}) => {
    const body = new FormData();
    for (const [key, value] of Object.entries({ ...fields, ...extra })) body.append(key, value);
    return body;
  };

  it("runs the blog editor's actions in the function: a post with a cover, refused to anyone else", async () => {
    const cookie = await adminSession('editor@netlify.example');
    const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#1c3fc4' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('cover', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'capa.png');
    const cover = await callAction<{ cover: { id: string; width: number } }>(fn.url, 'posts.uploadCover', form, {
      cookie,
    });
    expect({ status: cover.status, error: cover.error }).toEqual({ status: 200, error: undefined });
    expect(cover.data!.cover.width).toBe(640);

    const input = {
      title: 'Publicado pela função',
      body: 'Texto.',
      status: 'published',
      coverImageId: cover.data!.cover.id,
      coverAlt: 'Capa azul',
    };
    const created = await callAction<{ post: { slug: string } }>(fn.url, 'posts.create', input, { cookie });
    expect(created.status).toBe(200);
    const page = await callFunction(`/blog/${created.data!.post.slug}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('alt="Capa azul"');
    // Publishing queued the purge of the cached lists and the post's page; a drain sends it.
    await runScheduledDrain(functionEnv, { log: quietLog });
    expect(purgeApi.purged()).toContainEqual({
      siteId: 'site-netlify-test',
      tags: ['blog', `post-${created.data!.post.slug}`],
    });

    const anonymous = await callAction(fn.url, 'posts.create', { title: 'Intruso' });
    expect(anonymous).toMatchObject({ status: 401, error: { code: 'UNAUTHORIZED' } });
    const invalid = await callAction(fn.url, 'posts.create', { title: '' }, { cookie });
    expect(invalid).toMatchObject({ status: 400, error: { type: 'AstroActionInputError' } });
  });

  it('lets the CDN keep every public on-demand page, tagged, and nothing personal, for every role', async () => {
    const admin = await adminSession('cache@netlify.example');
    const published = await netlifyDb.db
      .select({ slug: blogPosts.slug, tags: blogPosts.tagSlugs })
      .from(blogPosts)
      .where(eq(blogPosts.status, 'published'));
    const post = published.find((row) => row.tags.length > 0);
    const kept: [string, string][] = [
      ['/parceiro/carol-imoveis', 'partners'],
      ['/parceiro/maria-silva', 'partners'],
      ['/carol-imoveis', 'partners'],
      ['/blog', 'blog'],
      [`/blog/${post!.slug}`, `blog,post-${post!.slug}`],
      [`/blog/tag/${post!.tags[0]!}`, 'blog'],
      ['/blog/rss.xml', 'blog'],
      ['/sitemap.xml', 'blog'],
    ];
    const neverKept = [
      '/auth',
      '/auth/esqueci-senha',
      '/blog/admin',
      '/blog/admin/posts',
      '/admin/leads',
      '/admin/usuarios',
      '/api/health',
      '/api/health/ready',
      '/lgpd/confirmar',
      '/pagina-que-nao-existe',
      // Not a name: too long, another script.
      `/parceiro/${'a'.repeat(61)}`,
      `/parceiro/${encodeURIComponent('ωmega')}`,
    ];
    for (const [role, headers] of [
      ['anonymous', {}],
      ['admin', { cookie: admin }],
    ] as const) {
      for (const [path, tags] of kept) {
        const answer = await callFunction(path, { headers });
        expect({ role, path, status: answer.status, setCookie: answer.headers.getSetCookie() }).toEqual({
          role,
          path,
          status: 200,
          setCookie: [],
        });
        expect({ role, path, cdn: answer.headers.get('netlify-cdn-cache-control') }).toEqual({
          role,
          path,
          cdn: expect.stringMatching(/^public, s-maxage=\d+, stale-while-revalidate=\d+$/) as unknown as string,
        });
        expect({ role, path, tags: answer.headers.get('netlify-cache-tag') }).toEqual({ role, path, tags });
        expect(answer.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
      }
      // A name nobody vouched for is kept minutes (whatever a visitor types fills no cache for a day).
      for (const [path, cdn] of [
        ['/parceiro/carol-imoveis', LONG_CDN],
        ['/carol-imoveis', LONG_CDN],
        ['/parceiro/maria-silva', SHORT_CDN],
      ] as const) {
        const answer = await callFunction(path, { headers });
        expect({ role, path, cdn: answer.headers.get('netlify-cdn-cache-control') }).toEqual({ role, path, cdn });
      }
      for (const path of neverKept) {
        const answer = await callFunction(path, { headers });
        const cdn = ['netlify-cdn-cache-control', 'cdn-cache-control', 'netlify-cache-tag'].map((name) =>
          answer.headers.get(name),
        );
        expect({ role, path, cdn }).toEqual({ role, path, cdn: [null, null, null] });
        expect({ role, path, public: /\bpublic\b/.test(answer.headers.get('cache-control') ?? '') }).toEqual({
          role,
          path,
          public: false,
        });
      }
    }
  });

  it('takes a 5 MB document in each section in chunks and gives it back byte for byte to an admin only', async () => {
    const cookie = await adminSession('docs@netlify.example');
    const sent = [
      { fields: CPF_REQUEST, slot: 'cnh' as const, file: pdfOfSize(MAX_CNH_BYTES, 1), name: 'CNH Nina.pdf' },
      {
        fields: CNPJ_REQUEST,
        slot: 'responsavelCnh' as const,
        file: pdfOfSize(MAX_CNH_BYTES, 2),
        name: 'CNH Otto.pdf',
      },
    ];
    for (const { fields, slot, file, name } of sent) {
      const token = await uploadInChunks(file, name);
      const answer = await postForm(formOf(fields, { [UPLOAD_TOKEN_FIELDS[slot]]: token }));
      const text = await answer.text();
      expect({ status: answer.status, text }).toMatchObject({ status: 201 });
      const { id } = JSON.parse(text) as { id: string };
      const [row] = await netlifyDb.db
        .select()
        .from(solicitacoesImplementacao)
        .where(eq(solicitacoesImplementacao.id, id));
      const fileId = (slot === 'cnh' ? row!.cnhFileId : row!.responsavelCnhFileId)!;
      const [stored] = await netlifyDb.db.select().from(privateFiles).where(eq(privateFiles.id, fileId));
      expect(stored).toMatchObject({ kind: 'pdf', originalName: name, size: MAX_CNH_BYTES });

      const download = await callFunction(`/admin/documentos/${fileId}`, { headers: { cookie } });
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(file))).toBe(true);

      const anonymous = await callFunction(`/admin/documentos/${fileId}`);
      expect(anonymous.status).toBe(401);
      expect(await anonymous.text()).not.toContain('%PDF');
    }
    expect(await netlifyDb.db.select().from(documentUploads)).toEqual([]);
    // Their notification e-mails went out right after the answers, not at the next scheduled run.
    expect(await fn.waitUntilSettled()).toMatchObject({ rejected: 0 });
    const requests = await netlifyDb.db.select({ id: solicitacoesImplementacao.id }).from(solicitacoesImplementacao);
    for (const { id } of requests) {
      const rows = await netlifyDb.db.select().from(deliveries).where(eq(deliveries.subjectId, id));
      expect({ id, statuses: rows.map((row) => row.status) }).toEqual({
        id,
        statuses: rows.map(() => 'sent'),
      });
    }
    // The host's own refusal line; the function's JSON log may hold "413" by chance (ids, durations).
    expect(fn.output()).not.toContain('[netlify-function-host] 413');
  });

  it('keeps the 6 MB limit: a document sent inside the form (no JavaScript) fits up to about 4.5 MB', async () => {
    const fits = pdfOfSize(4 * 1024 * 1024, 3);
    const small = await postForm(
      formOf({ ...CPF_REQUEST, emailAcesso: 'sem.js@netlify.example' }, { cnh: new Blob([fits]) }),
    );
    expect(small.status).toBe(201);
    const { id } = (await small.json()) as { id: string };
    const [row] = await netlifyDb.db
      .select()
      .from(solicitacoesImplementacao)
      .where(eq(solicitacoesImplementacao.id, id));
    const [stored] = await netlifyDb.db.select().from(privateFiles).where(eq(privateFiles.id, row!.cnhFileId!));
    expect(Buffer.from(stored!.content).equals(Buffer.from(fits))).toBe(true);

    // Netlify answers this itself; the function never sees it (docs/deploying.md, 'Identity documents').
    const before = (await netlifyDb.db.select().from(solicitacoesImplementacao)).length;
    const tooBig = await postForm(
      formOf(
        { ...CPF_REQUEST, emailAcesso: 'grande@netlify.example' },
        { cnh: new Blob([pdfOfSize(MAX_CNH_BYTES, 4)]) },
      ),
    );
    expect(tooBig.status).toBe(413);
    expect((await netlifyDb.db.select().from(solicitacoesImplementacao)).length).toBe(before);
  });
});

describe.skipIf(missing)('the Netlify build with its database unreachable', () => {
  beforeAll(() => {
    ensureBuild({ entry: FUNCTION_ENTRY, env: { DEPLOY_TARGET: 'netlify', BUILD_DIR: NETLIFY_DIR } });
  }, 600_000);

  it('keeps a lead in Netlify Blobs (Aviso, e-mailed at once, nothing on disk); the scheduled drain saves it once the database is back, sending nothing twice', async () => {
    const [smtp, hook] = await Promise.all([startCaptureSmtp(), startReceiver()]);
    // The function's whole temporary folder: where the Node target's spool would go (config.dataDir).
    const tmp = mkdtempSync(join(tmpdir(), 'pilota-netlify-tmp-'));
    // Netlify Blobs as `netlify dev` emulates it, and the context Netlify hands a function.
    const blobsDir = mkdtempSync(join(tmpdir(), 'pilota-netlify-blobs-'));
    const blobsServer = new BlobsServer({ directory: blobsDir, token: 'blobs-token' });
    const { port } = await blobsServer.start();
    const blobsContext = {
      edgeURL: `http://127.0.0.1:${port}`,
      uncachedEdgeURL: `http://127.0.0.1:${port}`,
      siteID: 'site-blobs',
      token: 'blobs-token',
    };
    const NETLIFY_BLOBS_CONTEXT = Buffer.from(JSON.stringify(blobsContext)).toString('base64');
    const spool = getStore({ name: SPOOL_STORE, consistency: 'strong', ...blobsContext });
    const pending = async () => (await spool.list({ prefix: 'pending/' })).blobs.map((blob) => blob.key);
    const env = {
      ...SHARED_ENV,
      SMTP_URL: smtp.url,
      LEAD_WEBHOOK_URLS: hook.url,
      WEBHOOK_SECRET: 'netlify-webhook-secret',
      NETLIFY_BLOBS_CONTEXT,
    };
    const fn = await startNetlifyFunction(FUNCTION_ENTRY, {
      ...env,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nada',
      TMPDIR: tmp,
    });
    let db: TestDatabase | undefined;
    const savedEnv = { ...process.env };
    try {
      const response = await fetch(`${fn.url}/_actions/lead`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: fn.url, Accept: 'application/json' },
        body: new URLSearchParams({
          nome: 'Sem Banco',
          email: 'sem.banco@netlify.example',
          celular: '(11) 98765-4321',
          tipo: 'proprietario',
          submission_key: 'netlify-no-db-1',
        }).toString(),
      });
      const text = await response.text();
      expect({ status: response.status, text: text.slice(0, 300) }).toEqual({
        status: 200,
        text: expect.stringContaining('warning') as unknown as string,
      });
      // 'Aviso': sent to the team by e-mail at once, and kept.
      expect(text).toContain('warning');
      const mail = await smtp.waitFor((message) => message.text?.includes('Sem Banco') ?? false);
      expect(mail.text).toContain('sem.banco@netlify.example');
      await hook.waitFor();
      // The lead, its e-mail and its webhook call (both already done): three blobs.
      const kept = await until(async () => {
        const keys = await pending();
        return keys.length === 3 ? keys : undefined;
      });
      expect(kept.filter((key) => /\/lead-\w+-\d+$/.test(key))).toHaveLength(1);
      expect(readdirSync(tmp, { recursive: true })).toEqual([]);

      // The database is back (as a deploy leaves it); the next scheduled run saves the lead.
      db = await createTestDatabase('pgbouncer');
      await installQueueSchema(db.directUrl!);
      process.env = { ...savedEnv, NETLIFY_BLOBS_CONTEXT };
      const run = await runScheduledDrain({ ...env, DATABASE_URL: db.url! }, { log: quietLog });
      expect(run).toMatchObject({ replayed: 1, attempted: 0 });
      const again = await runScheduledDrain({ ...env, DATABASE_URL: db.url! }, { log: quietLog });
      expect(again).toMatchObject({ replayed: 0, attempted: 0 });

      const rows = await db.db.select().from(contatos).where(eq(contatos.email, 'sem.banco@netlify.example'));
      expect(rows).toMatchObject([{ nome: 'Sem Banco', submissionKey: 'netlify-no-db-1' }]);
      const sent = await db.db.select().from(deliveries).where(eq(deliveries.subjectId, rows[0]!.id));
      expect(sent.map((row) => [row.kind, row.status]).sort()).toEqual([
        ['email', 'sent'],
        ['webhook', 'sent'],
      ]);
      expect(await pending()).toEqual([]);
      expect(smtp.messages.filter((message) => message.text?.includes('Sem Banco'))).toHaveLength(1);
      expect(hook.requests).toHaveLength(1);
    } finally {
      process.env = savedEnv;
      await fn.stop();
      await db?.close();
      await Promise.all([smtp.stop(), hook.close(), blobsServer.stop()]);
      rmSync(tmp, { recursive: true, force: true });
      rmSync(blobsDir, { recursive: true, force: true });
    }
  });

  it("150 posts from one address (the platform's client IP), each with its own submission key: LEAD_RATE_LIMIT still holds, 10 leads in Blobs, one e-mail and one webhook call", async () => {
    const [smtp, hook] = await Promise.all([startCaptureSmtp(), startReceiver()]);
    const blobsDir = mkdtempSync(join(tmpdir(), 'pilota-netlify-blobs-'));
    const blobsServer = new BlobsServer({ directory: blobsDir, token: 'blobs-token' });
    const { port } = await blobsServer.start();
    const blobsContext = {
      edgeURL: `http://127.0.0.1:${port}`,
      uncachedEdgeURL: `http://127.0.0.1:${port}`,
      siteID: 'site-blobs',
      token: 'blobs-token',
    };
    const spool = getStore({ name: SPOOL_STORE, consistency: 'strong', ...blobsContext });
    const fn = await startNetlifyFunction(FUNCTION_ENTRY, {
      ...SHARED_ENV,
      LEAD_RATE_LIMIT: '10/60',
      SMTP_URL: smtp.url,
      LEAD_WEBHOOK_URLS: hook.url,
      WEBHOOK_SECRET: 'netlify-webhook-secret',
      NETLIFY_BLOBS_CONTEXT: Buffer.from(JSON.stringify(blobsContext)).toString('base64'),
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nada',
    });
    try {
      const started = Date.now();
      const statuses: number[] = [];
      for (let i = 0; i < 150; i++) {
        const response = await fetch(`${fn.url}/_actions/lead`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/x-www-form-urlencoded',
            Origin: fn.url,
            Accept: 'application/json',
            // What Netlify's edge sets from the connection (the host hands it over as context.ip).
            'x-nf-client-connection-ip': '203.0.113.90',
          },
          body: new URLSearchParams({
            nome: `Enxurrada ${i}`,
            email: `enxurrada${i}@netlify.example`,
            celular: '(11) 98765-4321',
            tipo: 'proprietario',
            submission_key: `enxurrada-${i}`,
          }).toString(),
        });
        statuses.push(response.status);
        await response.text();
      }
      const minutes = Math.floor(Date.now() / 60_000) - Math.floor(started / 60_000) + 1;
      expect(statuses).toEqual([...Array<number>(10).fill(200), ...Array<number>(140).fill(429)]);
      const keys = (await spool.list({ prefix: 'pending/' })).blobs.map((blob) => blob.key);
      const leads = keys.filter((key) => /\/lead-\w+-\d+$/.test(key));
      expect(leads).toHaveLength(10);
      // Every lead blob names the same client, whatever submission key it came with.
      expect(new Set(leads.map((key) => /\/lead-(\w+)-\d+$/.exec(key)![1])).size).toBe(1);
      // One direct delivery a clock minute (a flood of a few seconds may cross one boundary).
      expect(smtp.messages.length).toBeGreaterThanOrEqual(1);
      expect(smtp.messages.length).toBeLessThanOrEqual(minutes);
      await until(async () => (hook.requests.length === smtp.messages.length ? true : undefined));
      // Beside the leads, only the notes of those direct deliveries (written once each went out).
      await until(async () => {
        const all = (await spool.list({ prefix: 'pending/' })).blobs;
        return all.length === 10 + smtp.messages.length + hook.requests.length ? true : undefined;
      });
    } finally {
      await fn.stop();
      await Promise.all([smtp.stop(), hook.close(), blobsServer.stop()]);
      rmSync(blobsDir, { recursive: true, force: true });
    }
  });
});
