/*
 * Authorization matrix against the production build: anonymous / user / vendas / editor / admin × every
 * admin page and endpoint × every method it answers × every spelling of its path
 * (`.html`, `/index`, trailing slash, percent-encoded letters, upper case, doubled
 * slashes… — tests/support/path-spellings.ts), sent byte for byte on the wire.
 *
 * The routes come from the build's own route table (tests/support/built-routes.ts), so a
 * new admin page or endpoint is covered the day it is built. Nobody but an admin may get
 * a 2xx or see admin data (a seeded lead's e-mail, a draft's title, the dashboard), and
 * every answer of the admin area and /auth is `private, no-store`, so no
 * shared cache keeps it. Accounts are made as people make them (sign-up, the link in the captured
 * e-mail, sign-in); the admin, the seller and the editor come from `npm run admin:grant`
 * (`--role`) through the server's socket. Who may open what is stated below on its own
 * (SPEC §6 and the team's roles), not read from the code under test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRefusals, authErrors } from '~/messages/auth';
import { httpMessages } from '~/messages/http';
import { callAction } from '../support/actions';
import { adminCookie, teamCookie, userCookie } from '../../scripts/support/blog-accounts';
import { builtRoutes } from '../support/built-routes';
import { ensureBuild } from '../support/ensure-build';
import { actionCallSpellings, pathSpellings } from '../support/path-spellings';
import { abandonedRequest, rawRequest, type RawResponse } from '../../scripts/support/raw-http';
import { startBuiltServer, type RunningServer } from '../../scripts/support/server';
import { startCaptureSmtp, type CaptureSmtp } from '../../scripts/support/smtp';
import { logCaughtUp } from '../support/log';

const FAKE_ID = '00000000-0000-4000-8000-000000000000';
/** Where only admins may go (SPEC §6); stated here on its own, not read from the code under test. */
const ADMIN_AREAS = ['/admin', '/blog/admin', '/api/admin'];
const NO_STORE = 'private, no-store';
const LEAD_EMAIL = 'lia.sigilosa@exemplo.com';
const DRAFT_TITLE = 'Rascunho sigiloso da matriz';

type Who = 'anonymous' | 'user' | 'vendas' | 'editor' | 'admin';
const EVERYONE: readonly Who[] = ['anonymous', 'user', 'vendas', 'editor', 'admin'];

/**
 * The roles each admin route admits besides admins (admins everything): the sales team the
 * dashboard (leads and implementation requests), editors the blog's pages (and the
 * dashboard, which sends them on to the posts). Anything else: admins only.
 */
const TEAM_ACCESS: Record<string, readonly Who[]> = {
  '/blog/admin': ['vendas', 'editor'],
  '/blog/admin/posts': ['editor'],
  '/blog/admin/posts/novo': ['editor'],
  '/blog/admin/posts/[id]': ['editor'],
  '/admin/hoje': ['vendas'],
  '/admin/leads': ['vendas'],
  '/admin/leads/exportar': ['vendas'],
  '/admin/implantacoes': ['vendas'],
  '/admin/implantacoes/[id]': ['vendas'],
  '/admin/leads/[id]': ['vendas'],
  '/admin/entregas': ['vendas'],
  '/admin/relatorios': ['vendas'],
  '/admin/visitas': ['vendas'],
  '/admin/visitas/exportar': ['vendas'],
};
const admittedTo = (pattern: string): readonly Who[] => ['admin', ...(TEAM_ACCESS[pattern] ?? [])];
const refusedAt = (pattern: string): readonly Who[] => EVERYONE.filter((who) => !admittedTo(pattern).includes(who));
/**
 * Actions by namespace: `posts.*` admins and editors, `leads.*`, `agenda.*`, `entregas.*` and
 * `implantacoes.*` admins and the sales team, `admin.*` and `usuarios.*` admins only.
 */
const ACTION_TEAM: Record<string, readonly Who[]> = {
  posts: ['editor'],
  leads: ['vendas'],
  agenda: ['vendas'],
  entregas: ['vendas'],
  implantacoes: ['vendas'],
};
const actionAdmits = (name: string): readonly Who[] => ['admin', ...(ACTION_TEAM[name.split('.')[0]!] ?? [])];

interface Route {
  pattern: string;
  kind: 'page' | 'endpoint';
  methods: string[];
}

const inAdminArea = (pattern: string) => ADMIN_AREAS.some((area) => pattern === area || pattern.startsWith(`${area}/`));

/** Every on-demand route of the build under the admin areas, with the methods its file exports. */
function adminRoutes(): Route[] {
  return builtRoutes()
    .filter((route) => !route.prerender && inAdminArea(route.route))
    .map((route) => {
      if (route.type === 'page') return { pattern: route.route, kind: 'page' as const, methods: ['GET', 'HEAD'] };
      const source = readFileSync(route.component, 'utf8');
      const exported = [
        ...source.matchAll(/export\s+(?:const|async function|function)\s+(GET|POST|PUT|PATCH|DELETE|ALL)\b/g),
      ].map((match) => match[1]!);
      const methods = exported.flatMap((method) =>
        method === 'ALL' ? ['GET', 'POST'] : method === 'GET' ? ['GET', 'HEAD'] : [method],
      );
      return { pattern: route.route, kind: 'endpoint' as const, methods };
    });
}

describe('authorization matrix on the built server', () => {
  let smtp: CaptureSmtp;
  let server: RunningServer;
  const cookies: Record<Who, string> = { anonymous: '', user: '', vendas: '', editor: '', admin: '' };
  let adminEmail = '';
  let draftId = FAKE_ID;

  beforeAll(async () => {
    ensureBuild();
    smtp = await startCaptureSmtp();
    server = await startBuiltServer({ SMTP_URL: smtp.url, LEAD_RATE_LIMIT: 'off' });
    cookies.user = (await userCookie(server.url, smtp)).cookie;
    const admin = await adminCookie(server.url, server.dataDir, smtp);
    cookies.admin = admin.cookie;
    adminEmail = admin.account.email;
    cookies.vendas = (await teamCookie(server.url, server.dataDir, 'vendas', smtp)).cookie;
    cookies.editor = (await teamCookie(server.url, server.dataDir, 'editor', smtp)).cookie;

    // Data only an admin may see: a lead on the dashboard, a draft in the editor and its API.
    const lead = await fetch(`${server.url}/_actions/lead`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url, Accept: 'application/json' },
      body: new URLSearchParams({
        nome: 'Lia Sigilosa',
        email: LEAD_EMAIL,
        celular: '(11) 98765-4321',
        tipo: 'proprietario',
        submission_key: crypto.randomUUID(),
      }).toString(),
    });
    expect(lead.status).toBe(200);
    const draft = await callAction<{ post: { id: string } }>(
      server.url,
      'posts.create',
      { title: DRAFT_TITLE },
      { cookie: cookies.admin },
    );
    expect(draft.status).toBe(200);
    draftId = draft.data!.post.id;
  }, 600_000);

  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  const routes = adminRoutes();

  /** A concrete path of the route: the seeded draft for post ids (reads only), a made-up id elsewhere. */
  function pathOf(route: Route, method: string): string {
    const readsOnly = method === 'GET' || method === 'HEAD';
    return route.pattern
      .replace(/\[\.\.\.[^\]]+\]/g, 'x')
      .replace(/\[[^\]]+\]/g, readsOnly && route.pattern.includes('/posts/') ? draftId : FAKE_ID);
  }

  function send(route: Route, method: string, path: string, who: Who): Promise<RawResponse> {
    const headers: Record<string, string> = {
      origin: server.url,
      accept: route.kind === 'page' ? 'text/html,application/xhtml+xml' : 'application/json',
    };
    if (cookies[who]) headers['cookie'] = cookies[who];
    const withBody = method !== 'GET' && method !== 'HEAD';
    if (withBody) headers['content-type'] = 'application/json';
    return rawRequest(server.url, method, path, headers, withBody ? '{}' : undefined);
  }

  /** What must not be in any answer to someone who is not an admin. */
  const secrets = () => [LEAD_EMAIL, DRAFT_TITLE, adminEmail, 'data-testid="leads-total"', '"posts":'];
  /**
   * What a role must never be shown, wherever it is admitted: the sales team no draft, no
   * security events (they name the admin); an editor no lead, no security events.
   */
  const hiddenFrom = (who: Who): string[] => {
    if (who === 'vendas') return [DRAFT_TITLE, adminEmail, 'id="security-title"', '"posts":'];
    if (who === 'editor') return [LEAD_EMAIL, adminEmail, 'data-testid="leads-total"', 'id="security-title"'];
    if (who === 'admin') return [];
    return secrets();
  };

  /**
   * Every answer of the admin area is `private, no-store`, except those given before any
   * route runs, which carry no data and are the same for everyone: the canonical
   * trailing-slash and `…/index.html` redirects (301/308) and the refusal of a malformed path (400).
   */
  function cacheProblem(response: RawResponse): string | undefined {
    if ([301, 308, 400].includes(response.status)) return undefined;
    const value = response.headers['cache-control'];
    return value === NO_STORE ? undefined : `Cache-Control ${value ?? '(none)'}`;
  }

  it('finds the admin pages and endpoints in the build', () => {
    expect(routes.map((route) => route.pattern)).toEqual(
      expect.arrayContaining([
        '/blog/admin',
        '/blog/admin/posts',
        '/blog/admin/posts/[id]',
        '/admin/documentos/[id]',
        '/admin/lgpd',
        '/admin/lgpd/titular',
        '/admin/lgpd/exportar',
        '/admin/hoje',
        '/admin/leads',
        '/admin/leads/exportar',
        '/admin/implantacoes',
        '/admin/implantacoes/[id]',
        '/admin/usuarios',
        '/admin/entregas',
      ]),
    );
  });

  /*
   * Admin actions share Astro's one action route (`/_actions/[...path]`), so the build's route
   * table cannot list them: they are named here, and this test fails when src/actions defines
   * one more admin action (defineAdminAction, src/actions/admin-only.ts) than the list holds.
   * Each is tried as a call (any spelling of its path) and as a form post to an admin page
   * (`?_action=`).
   */
  const ADMIN_ACTIONS = [
    'admin.lgpd.complete',
    'admin.lgpd.erase',
    'admin.lgpd.crmDone',
    'posts.create',
    'posts.update',
    'posts.delete',
    'posts.preview',
    'posts.uploadCover',
    'leads.changeStatus',
    'leads.addNote',
    'leads.assign',
    'agenda.set',
    'agenda.done',
    'agenda.digest',
    'entregas.reenviar',
    'entregas.reenviarFalhas',
    'entregas.tentarAgora',
    'implantacoes.changeStatus',
    'usuarios.setRole',
    'usuarios.revokeSessions',
    'usuarios.invite',
    'usuarios.resendInvitation',
    'usuarios.revokeInvitation',
    'usuarios.setRoundRobin',
    'usuarios.setDiscardReasons',
  ];
  /** The admin page whose forms would post the action. */
  const FORM_PAGES: Record<string, string> = {
    posts: '/blog/admin/posts/novo',
    leads: '/admin/leads',
    agenda: '/admin/hoje',
    entregas: '/admin/entregas',
    implantacoes: '/admin/implantacoes',
    usuarios: '/admin/usuarios',
  };
  const formPage = (name: string) => FORM_PAGES[name.split('.')[0]!] ?? '/admin/lgpd';

  it('lists every admin action', () => {
    const files = readdirSync('src/actions').filter((file) => file.endsWith('.ts') && file !== 'admin-only.ts');
    const defined = files.flatMap(
      (file) => readFileSync(`src/actions/${file}`, 'utf8').match(/defineAdminAction\(/g) ?? [],
    );
    expect(defined).toHaveLength(ADMIN_ACTIONS.length);
  });

  describe.each(ADMIN_ACTIONS)('action %s', (name) => {
    const call = (who: Who, path = `/_actions/${name}`) =>
      rawRequest(
        server.url,
        'POST',
        path,
        {
          origin: server.url,
          accept: 'application/json',
          'content-type': 'application/json',
          ...(cookies[who] ? { cookie: cookies[who] } : {}),
        },
        '{}',
      );
    const formPost = (who: Who) =>
      rawRequest(
        server.url,
        'POST',
        `${formPage(name)}?_action=${name}`,
        {
          origin: server.url,
          accept: 'text/html',
          'content-type': 'application/x-www-form-urlencoded',
          ...(cookies[who] ? { cookie: cookies[who] } : {}),
        },
        // The LGPD erase as its page posts it, a possible match included.
        `id=${FAKE_ID}&por=email&valor=lia.sigilosa%40exemplo.com&modo=delete&confirmar=on&include=lead%3A${FAKE_ID}`,
      );

    it.each(EVERYONE.filter((who) => !actionAdmits(name).includes(who)))('nothing lets %s run it', async (who) => {
      const problems: string[] = [];
      for (const path of [...pathSpellings(`/_actions/${name}`), `/_actions/${name.toUpperCase()}`]) {
        const response = await call(who, path);
        if (response.status >= 200 && response.status < 300) problems.push(`${path} → ${response.status}: answered`);
        if (response.status >= 500) problems.push(`${path} → ${response.status}: server error`);
      }
      const form = await formPost(who);
      if (form.status >= 200 && form.status < 300) problems.push(`form post → ${form.status}: answered`);
      if (form.body.includes(LEAD_EMAIL)) problems.push('form post: shows the lead');
      expect(problems).toEqual([]);
      expect((await call(who)).status).toBe(who === 'anonymous' ? 401 : 403);
      expect((await call(who)).headers['cache-control']).toBe(NO_STORE);
      // The lead is still there: nothing was erased.
      const dashboard = await rawRequest(server.url, 'GET', '/blog/admin', {
        cookie: cookies.admin,
        accept: 'text/html',
      });
      expect(dashboard.body).toContain(LEAD_EMAIL);
    });

    /*
     * Spellings where a prefix check and Astro name different actions: behind a public action
     * or a namespace the caller may use. Refused to everyone, admins included, before the
     * session is read or the action runs: which action was meant cannot be known.
     */
    it.each(EVERYONE)('no ambiguous spelling reaches it, for %s: 404 before anything runs', async (who) => {
      const decoys = ['lead', 'lgpd.request', 'posts', 'posts.create', 'leads.addNote', 'entregas', 'implantacoes'];
      const problems: string[] = [];
      for (const path of actionCallSpellings(name, decoys)) {
        const response = await call(who, path);
        const where = `${path} → ${response.status}`;
        // A `..` in the path never gets past the front server (scripts/static-files.ts).
        if (response.status === 400 && response.body === httpMessages.invalidPath) continue;
        if (response.status !== 404) problems.push(`${where}: not refused`);
        else if (!response.body.includes('"NOT_FOUND"')) problems.push(`${where}: ${response.body.slice(0, 80)}`);
        if (response.headers['cache-control'] !== NO_STORE) problems.push(`${where}: cacheable`);
      }
      const form = await rawRequest(
        server.url,
        'POST',
        `${formPage(name)}?_action=lead/_actions/${name}`,
        {
          origin: server.url,
          accept: 'text/html',
          'content-type': 'application/x-www-form-urlencoded',
          ...(cookies[who] ? { cookie: cookies[who] } : {}),
        },
        'id=x',
      );
      if (form.status !== 404) problems.push(`form post ?_action=lead/_actions/${name} → ${form.status}: not refused`);
      expect(problems).toEqual([]);
    });

    it.each(actionAdmits(name))('%s gets past the guard (the action itself then judges the input)', async (who) => {
      const response = await call(who);
      expect([401, 403]).not.toContain(response.status);
      expect(response.status).toBeLessThan(500);
      expect(response.headers['cache-control']).toBe(NO_STORE);
    });
  });

  /*
   * The LGPD subject page and export as their forms post them, with a possible match
   * included: the person's data for an admin, for nobody else under any role, never stored.
   */
  it.each(EVERYONE)(
    'the LGPD search and export, a possible match included, show %s the person only if an admin',
    async (who) => {
      const body = `por=email&valor=${encodeURIComponent(LEAD_EMAIL)}&include=lead%3A${FAKE_ID}`;
      const problems: string[] = [];
      for (const path of ['/admin/lgpd/titular', '/admin/lgpd/exportar']) {
        const response = await rawRequest(
          server.url,
          'POST',
          path,
          {
            origin: server.url,
            accept: 'text/html',
            'content-type': 'application/x-www-form-urlencoded',
            ...(cookies[who] ? { cookie: cookies[who] } : {}),
          },
          body,
        );
        const where = `${path} → ${response.status}`;
        if (who === 'admin') {
          if (response.status !== 200) problems.push(`${where}: not answered`);
          if (!response.body.includes(LEAD_EMAIL)) problems.push(`${where}: the person is missing`);
        } else {
          if (response.status < 300 || response.status >= 500) problems.push(`${where}: not refused`);
          if (response.body.includes(LEAD_EMAIL)) problems.push(`${where}: shows the person`);
        }
        const cache = cacheProblem(response);
        if (cache) problems.push(`${where}: ${cache}`);
      }
      expect(problems).toEqual([]);
    },
  );

  describe.each(routes.map((route) => [`${route.kind} ${route.pattern}`, route] as const))('%s', (_name, route) => {
    it.each(refusedAt(route.pattern))('no spelling of the path lets %s in', async (who) => {
      const problems: string[] = [];
      for (const method of route.methods) {
        for (const path of pathSpellings(pathOf(route, method))) {
          const response = await send(route, method, path, who);
          const where = `${method} ${path} → ${response.status}`;
          if (response.status >= 200 && response.status < 300) problems.push(`${where}: answered`);
          const leaked = secrets().filter((secret) => response.body.includes(secret));
          if (leaked.length) problems.push(`${where}: shows ${leaked.join(', ')}`);
          if (response.status >= 500) problems.push(`${where}: server error`);
          const cache = cacheProblem(response);
          if (cache) problems.push(`${where}: ${cache}`);
        }
      }
      expect(problems).toEqual([]);
    });

    it.each(admittedTo(route.pattern))(
      'no spelling of the path keeps %s out, and every answer is private',
      async (who) => {
        const problems: string[] = [];
        for (const method of route.methods) {
          for (const path of pathSpellings(pathOf(route, method))) {
            const response = await send(route, method, path, who);
            const where = `${method} ${path} → ${response.status}`;
            if (response.status === 401 || response.status === 403) problems.push(`${where}: refused`);
            const shown = hiddenFrom(who).filter((secret) => response.body.includes(secret));
            if (shown.length) problems.push(`${where}: shows ${shown.join(', ')}`);
            if (/\/auth\b/.test(String(response.headers.location ?? ''))) problems.push(`${where}: sent to sign in`);
            if (response.status >= 500) problems.push(`${where}: server error`);
            const cache = cacheProblem(response);
            if (cache) problems.push(`${where}: ${cache}`);
          }
        }
        expect(problems).toEqual([]);
      },
    );

    it.each(route.methods)('%s: anonymous is sent to sign in', async (method) => {
      const response = await send(route, method, pathOf(route, method), 'anonymous');
      if (route.kind === 'page') {
        expect(response.status).toBe(302);
        expect(new URL(String(response.headers.location), server.url).pathname).toBe('/auth');
      } else {
        expect(response.status).toBe(401);
        if (method !== 'HEAD') expect(response.body).toBe(adminRefusals[401]);
      }
    });

    it.each(route.methods)('%s: a signed-in user is forbidden', async (method) => {
      const response = await send(route, method, pathOf(route, method), 'user');
      expect(response.status).toBe(403);
      if (route.kind === 'page' && method === 'GET') {
        expect(response.body).toContain('Acesso negado');
        expect(response.body).toContain('lang="pt-BR"');
      }
    });

    it.each(route.methods)('%s: an admin gets in', async (method) => {
      const response = await send(route, method, pathOf(route, method), 'admin');
      expect([401, 403]).not.toContain(response.status);
      expect(response.status).toBeLessThan(500);
      if (method === 'GET' && !pathOf(route, method).includes(FAKE_ID)) expect(response.status).toBe(200);
    });

    it.each(
      route.methods.flatMap((method) =>
        (['vendas', 'editor'] as const).map((who) => [method, who, admittedTo(route.pattern).includes(who)] as const),
      ),
    )('%s: %s is let in only where admitted', async (method, who, admitted) => {
      const response = await send(route, method, pathOf(route, method), who);
      if (!admitted) {
        expect(response.status).toBe(403);
        return;
      }
      expect([401, 403]).not.toContain(response.status);
      expect(response.status).toBeLessThan(500);
      if (method !== 'GET' || pathOf(route, method).includes(FAKE_ID)) return;
      if (who === 'editor' && route.pattern === '/blog/admin') {
        // The dashboard is the sales side's: an editor landing there after sign-in goes on to the posts.
        expect(response.status).toBe(302);
        expect(new URL(String(response.headers.location), server.url).pathname).toBe('/blog/admin/posts');
      } else if (who === 'vendas' && route.pattern === '/admin/leads') {
        // A salesperson's bare list opens on her own leads, under that view's address.
        expect(response.status).toBe(302);
        const location = new URL(String(response.headers.location), server.url);
        expect(`${location.pathname}${location.search}`).toBe('/admin/leads?responsavel=eu');
      } else expect(response.status).toBe(200);
    });
  });

  it('the dashboard shows an admin the leads, under its .html spelling too', async () => {
    for (const path of ['/blog/admin', '/blog/admin.html']) {
      const response = await rawRequest(server.url, 'GET', path, { cookie: cookies.admin, accept: 'text/html' });
      expect(response.status, path).toBe(200);
      expect(response.body, path).toContain('Últimos 20 contatos');
      expect(response.body, path).toContain(LEAD_EMAIL);
      expect(response.headers['cache-control'], path).toBe(NO_STORE);
    }
  });

  it('the sales team sees the leads on the dashboard, without security events, documents or the blog', async () => {
    const response = await rawRequest(server.url, 'GET', '/blog/admin', {
      cookie: cookies.vendas,
      accept: 'text/html',
    });
    expect(response.status).toBe(200);
    expect(response.body).toContain('Últimos 20 contatos');
    expect(response.body).toContain(LEAD_EMAIL);
    expect(response.body).not.toContain('id="security-title"');
    expect(response.body).not.toContain('/admin/documentos/');
    expect(response.body).not.toContain('href="/blog/admin/posts"');
    expect(response.body).not.toContain('href="/admin/lgpd"');
    expect(response.headers['cache-control']).toBe(NO_STORE);
  });

  it('/auth is never stored, signed in or not, in any spelling', async () => {
    for (const path of ['/auth', '/auth.html', '/au%74h']) {
      for (const method of ['GET', 'HEAD']) {
        const anonymous = await rawRequest(server.url, method, path, { accept: 'text/html' });
        expect(anonymous.status, `${method} ${path}`).toBe(200);
        expect(anonymous.headers['cache-control'], `${method} ${path}`).toBe(NO_STORE);
        const signedIn = await rawRequest(server.url, method, path, { accept: 'text/html', cookie: cookies.user });
        expect(signedIn.status, `${method} ${path}`).toBe(302);
        expect(new URL(String(signedIn.headers.location), server.url).pathname).toBe('/blog/admin');
        expect(signedIn.headers['cache-control'], `${method} ${path}`).toBe(NO_STORE);
      }
    }
  });

  /*
   * Better Auth's endpoints the site does not use, its admin plugin's first: they would
   * change roles, sessions and passwords past the team's rules (/admin/usuarios), so the
   * site serves none of them, to anyone, admins included, under any spelling.
   */
  const UNUSED_AUTH_ENDPOINTS = [
    'admin/set-role',
    'admin/get-user',
    'admin/create-user',
    'admin/update-user',
    'admin/list-users',
    'admin/list-user-sessions',
    'admin/unban-user',
    'admin/ban-user',
    'admin/impersonate-user',
    'admin/stop-impersonating',
    'admin/revoke-user-session',
    'admin/revoke-user-sessions',
    'admin/remove-user',
    'admin/set-user-password',
    'admin/has-permission',
    'update-user',
    'change-email',
    'change-password',
    'delete-user',
    'delete-user/callback',
    'list-sessions',
    'revoke-session',
    'revoke-sessions',
    'revoke-other-sessions',
    'update-session',
    'send-verification-email',
    'sign-in/social',
    'link-social',
    'list-accounts',
    'unlink-account',
    'refresh-token',
    'get-access-token',
    'account-info',
    'verify-password',
    'callback/x',
    'ok',
    'error',
  ];

  it.each(EVERYONE)(
    "no Better Auth endpoint the site does not use answers %s, the admin plugin's included",
    async (who) => {
      const people = async () =>
        (await rawRequest(server.url, 'GET', '/admin/usuarios', { cookie: cookies.admin, accept: 'text/html' })).body;
      const before = await people();
      const problems: string[] = [];
      for (const endpoint of UNUSED_AUTH_ENDPOINTS) {
        // Every spelling for the admin plugin's; the others as written (they answer 404 the same way).
        const paths = endpoint.startsWith('admin/')
          ? pathSpellings(`/api/auth/${endpoint}`)
          : [`/api/auth/${endpoint}`];
        for (const path of paths) {
          for (const method of ['GET', 'POST']) {
            const headers: Record<string, string> = {
              origin: server.url,
              accept: 'application/json',
              'content-type': 'application/json',
            };
            if (cookies[who]) headers['cookie'] = cookies[who];
            const body =
              method === 'POST'
                ? JSON.stringify({ userId: FAKE_ID, role: 'user', newPassword: 'Trocada#2026x' })
                : undefined;
            const response = await rawRequest(server.url, method, path, headers, body);
            const where = `${method} ${path} → ${response.status}`;
            if (response.status >= 200 && response.status < 300) problems.push(`${where}: answered`);
            if (response.status >= 500) problems.push(`${where}: server error`);
            if (response.headers['set-cookie']) problems.push(`${where}: set a cookie`);
          }
        }
        const plain = await rawRequest(
          server.url,
          'POST',
          `/api/auth/${endpoint}`,
          {
            origin: server.url,
            'content-type': 'application/json',
            ...(cookies[who] ? { cookie: cookies[who] } : {}),
          },
          '{}',
        );
        if (plain.status !== 404) problems.push(`POST /api/auth/${endpoint} → ${plain.status}, not 404`);
      }
      expect(problems).toEqual([]);
      // Every role and session as it was: the team page shows the same people.
      expect(await people()).toBe(before);
    },
  );

  /*
   * "Esqueci minha senha" and the page its e-mailed link opens: public, for everyone, and
   * never stored (the second carries the link's token in its address).
   */
  describe.each([
    ['/auth/esqueci-senha', 200, 'Esqueci minha senha'],
    ['/auth/nova-senha?token=abc123', 200, 'Definir senha'],
    ['/auth/nova-senha?error=INVALID_TOKEN', 400, 'Link inválido ou expirado'],
    ['/auth/nova-senha', 400, 'Link inválido ou expirado'],
    // An invitation link's page: a token that names no invitation gets the pt-BR page saying so.
    [`/auth/convite?token=${'a'.repeat(43)}`, 410, 'Link de convite inválido'],
  ] as const)('page %s', (path, status, heading) => {
    it.each(EVERYONE)(
      'answers %s in pt-BR, private and never stored, showing nothing of the admin area',
      async (who) => {
        for (const spelling of [path, path.replace('nova', 'nov%61').replace('esqueci', 'esquec%69')]) {
          const response = await rawRequest(server.url, 'GET', spelling, {
            accept: 'text/html',
            ...(cookies[who] ? { cookie: cookies[who] } : {}),
          });
          if (response.status === 301 || response.status === 308) continue;
          expect(response.status, spelling).toBe(status);
          expect(response.body, spelling).toContain(heading);
          expect(response.body, spelling).toContain('lang="pt-BR"');
          expect(response.headers['cache-control'], spelling).toBe(NO_STORE);
          expect(
            secrets().filter((secret) => response.body.includes(secret)),
            spelling,
          ).toEqual([]);
        }
      },
    );
  });

  it.each(EVERYONE)(
    'the reset endpoints answer %s as anyone: no enumeration, a bad token refused in pt-BR',
    async (who) => {
      const post = (path: string, body: object) =>
        rawRequest(
          server.url,
          'POST',
          `/api/auth/${path}`,
          {
            origin: server.url,
            accept: 'application/json',
            'content-type': 'application/json',
            ...(cookies[who] ? { cookie: cookies[who] } : {}),
          },
          JSON.stringify(body),
        );
      const bad = await post('reset-password', { token: 'nao-existe', newPassword: 'Trocada#2026x' });
      expect(bad.status).toBe(400);
      expect(JSON.parse(bad.body)).toMatchObject({ code: 'INVALID_TOKEN', message: authErrors.invalidResetLink });
      expect(bad.headers['set-cookie']).toBeUndefined();
      const link = await rawRequest(
        server.url,
        'GET',
        '/api/auth/reset-password/nao-existe?callbackURL=%2Fauth%2Fnova-senha',
        {
          ...(cookies[who] ? { cookie: cookies[who] } : {}),
        },
      );
      expect(link.status).toBe(302);
      expect(link.headers.location).toBe('/auth/nova-senha?error=INVALID_TOKEN');
    },
  );

  it('a client that hangs up at once leaves no error in the log, and the server keeps answering', async () => {
    const logged = server.output().length;
    for (let i = 0; i < 20; i++) {
      for (const path of ['/blog/admin', '/auth', '/_actions/posts.create', '/api/auth/get-session']) {
        await abandonedRequest(server.url, path);
      }
    }
    await logCaughtUp(server);
    expect(server.output().slice(logged)).not.toMatch(/ClientAddressNotAvailable|\[ERROR\]/);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});
