/*
 * The access policy (src/server/auth/access-policy.ts) on its own: how paths are
 * normalised, which zone a request falls in whatever the spelling of its path, and the
 * rule that every route file under an admin area has a policy line — so a new admin page
 * or endpoint cannot be added without deciding who may open it; likewise every action in
 * an admin namespace is written with defineAdminAction, and no other action is.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ACCESS_POLICY,
  ACTION_ROLES,
  ADMIN_ONLY,
  BLOG_TEAM,
  mayOpen,
  rolesForAction,
  rolesForPath,
  rolesForRoute,
  STAFF_ROLES,
  WHOLE_TEAM,
  ADMIN_ACTION_NAMESPACES,
  ADMIN_AREAS,
  classifyRequest,
  inAdminArea,
  isAdminAction,
  type RequestTarget,
} from '../../src/server/auth/access-policy';
import { ACTION_RPC_ROUTE, actionCallOf } from '../../src/server/http/action-call';
import { normalizePath } from '../../src/server/http/normalize-path';
import { clientAddressOf } from '../../src/server/http/client-address';

const PAGES = 'src/pages';

/** Route files of src/pages as Astro names their routes (no extension, no `/index`; `_` files are not routes). */
function routeFiles(dir = PAGES): { pattern: string; file: string }[] {
  return readdirSync(dir).flatMap((entry) => {
    if (entry.startsWith('_')) return [];
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) return routeFiles(full);
    if (!/\.(astro|ts|js|md|mdx|html)$/.test(entry)) return [];
    const route = relative(PAGES, full)
      .replace(/\.(astro|ts|js|md|mdx|html)$/, '')
      .replace(/(^|\/)index$/, '');
    return [{ pattern: `/${route}`, file: full }];
  });
}

describe('normalizePath', () => {
  it.each([
    ['/blog/admin', '/blog/admin'],
    ['/blog/admin.html', '/blog/admin'],
    ['/blog/admin/index.html', '/blog/admin'],
    ['/blog/admin/index', '/blog/admin'],
    ['/blog/admin/', '/blog/admin'],
    ['/blog/%61dmin.html', '/blog/admin'],
    ['/blog/%2561dmin', '/blog/admin'],
    ['/%62%6C%6F%67/%61%64%6D%69%6E', '/blog/admin'],
    ['/BLOG/ADMIN.HTML', '/blog/admin'],
    ['//blog//admin//', '/blog/admin'],
    ['\\blog\\admin', '/blog/admin'],
    ['/blog%2Fadmin', '/blog/admin'],
    ['/blog/x/../admin', '/blog/admin'],
    ['/blog/./admin/.', '/blog/admin'],
    ['/blog/admin;jsessionid=1', '/blog/admin'],
    ['/../../blog/admin', '/blog/admin'],
    ['/', '/'],
    ['', '/'],
    ['/index.html', '/'],
    // A malformed escape does not throw; the valid ones around it are still decoded.
    ['/%E0%A4%A', '/\u00e0\u00a4%a'],
    ['/blog/administracao-de-imoveis', '/blog/administracao-de-imoveis'],
  ])('%s → %s', (path, expected) => {
    expect(normalizePath(path)).toBe(expected);
  });
});

describe('classifyRequest', () => {
  const target = (pathname: string, extra: Partial<RequestTarget> = {}): RequestTarget => ({
    pathname,
    method: 'GET',
    accept: 'text/html,application/xhtml+xml',
    ...extra,
  });

  it.each([
    // What Astro routes, whatever the path looked like: the matched pattern decides, with its roles.
    ['/blog/admin', '/blog/admin.html', 'page', WHOLE_TEAM],
    ['/blog/admin', '/blog/%61dmin.html', 'page', WHOLE_TEAM],
    ['/blog/admin', '/%62log/admin', 'page', WHOLE_TEAM],
    ['/blog/admin/posts/[id]', '/blog/admin/posts/abc.html', 'page', BLOG_TEAM],
    ['/admin/documentos/[id]', '/admin/documentos/abc', 'endpoint', ADMIN_ONLY],
    ['/admin/lgpd/exportar', '/admin/lgpd/exportar.html', 'endpoint', ADMIN_ONLY],
    ['/admin/lgpd/exportar', '/admin/lgpd/exportar', 'endpoint', ADMIN_ONLY],
    // No admin route matched, but the path is in an admin area: still guarded, for the roles
    // of the route it spells (admins only when it spells none).
    ['/404', '/admin', 'page', ADMIN_ONLY],
    ['/404', '/BLOG/ADMIN', 'page', WHOLE_TEAM],
    ['/blog/[slug]', '/blog/admin%2Fposts', 'page', BLOG_TEAM],
    ['/404', '/BLOG/ADMIN/POSTS/abc.html', 'page', BLOG_TEAM],
    ['/404', '/Admin/LGPD', 'page', ADMIN_ONLY],
    [undefined, '/blog/admin/novo-rascunho', 'page', ADMIN_ONLY],
  ])('route %s, path %s → admin %s', (routePattern, pathname, kind, roles) => {
    expect(classifyRequest(target(pathname, { routePattern }))).toEqual({
      zone: 'admin',
      kind,
      unlisted: false,
      roles,
    });
  });

  it('admits to a page an admin action posted to it only with a role both admit', () => {
    const post = { method: 'POST', accept: 'text/html' };
    // An editor may post the editor's own action on the editor's page…
    expect(
      classifyRequest(
        target('/blog/admin/posts/x', {
          ...post,
          routePattern: '/blog/admin/posts/[id]',
          search: '?_action=posts.update',
        }),
      ),
    ).toMatchObject({ roles: BLOG_TEAM });
    // …but an admin-only action posted to that page stays admin-only.
    expect(
      classifyRequest(
        target('/blog/admin/posts/x', {
          ...post,
          routePattern: '/blog/admin/posts/[id]',
          search: '?_action=admin.lgpd.erase',
        }),
      ),
    ).toMatchObject({ roles: ADMIN_ONLY });
    // And a blog action posted to a page outside the admin area is the action's roles.
    expect(
      classifyRequest(target('/contato', { ...post, routePattern: '/contato', search: '?_action=posts.create' })),
    ).toMatchObject({
      zone: 'admin',
      roles: BLOG_TEAM,
    });
  });

  it('answers a listed endpoint as an endpoint and a listed page as a page, whatever the request accepts', () => {
    expect(classifyRequest(target('/blog/admin', { routePattern: '/blog/admin', accept: '*/*' }))).toMatchObject({
      kind: 'page',
    });
    expect(
      classifyRequest(target('/admin/documentos/x', { routePattern: '/admin/documentos/[id]', accept: 'text/html' })),
    ).toMatchObject({ kind: 'endpoint' });
  });

  it('judges a request with no matched entry by how it asks: navigation → page, anything else → endpoint', () => {
    expect(classifyRequest(target('/admin/nada', { routePattern: '/404' }))).toMatchObject({ kind: 'page' });
    expect(classifyRequest(target('/admin/nada', { routePattern: '/404', accept: '*/*' }))).toMatchObject({
      kind: 'endpoint',
    });
    expect(classifyRequest(target('/admin/nada', { routePattern: '/404', method: 'POST' }))).toMatchObject({
      kind: 'endpoint',
    });
  });

  it('denies by default: an admin-area route with no policy line is unlisted', () => {
    expect(classifyRequest(target('/blog/admin/relatorios', { routePattern: '/blog/admin/relatorios' }))).toEqual({
      zone: 'admin',
      kind: 'page',
      unlisted: true,
      roles: ADMIN_ONLY,
    });
    expect(
      classifyRequest(
        target('/api/admin/leads', { routePattern: '/api/admin/leads', method: 'DELETE', accept: '*/*' }),
      ),
    ).toEqual({ zone: 'admin', kind: 'endpoint', unlisted: true, roles: ADMIN_ONLY });
  });

  it('guards admin actions, called as /_actions/admin.* or from a form with ?_action=admin.*', () => {
    const action = { routePattern: '/_actions/[...path]', method: 'POST', accept: 'application/json' };
    expect(classifyRequest(target('/_actions/admin.publicar', action))).toMatchObject({ zone: 'admin' });
    expect(classifyRequest(target('/_actions/%61dmin.publicar', action))).toMatchObject({ zone: 'admin' });
    for (const name of ['posts.create', 'posts.uploadCover', 'POSTS.DELETE', '%70osts.update', 'posts']) {
      expect(classifyRequest(target(`/_actions/${name}`, action)), name).toEqual({
        zone: 'admin',
        kind: 'endpoint',
        unlisted: false,
        roles: BLOG_TEAM,
      });
    }
    expect(classifyRequest(target('/_actions/admin.lgpd.erase', action))).toMatchObject({ roles: ADMIN_ONLY });
    expect(classifyRequest(target('/_actions/lead', action))).toEqual({ zone: 'public' });
    expect(classifyRequest(target('/_actions/lgpd.request', action))).toEqual({ zone: 'public' });
    expect(classifyRequest(target('/_actions/postsx.create', action))).toEqual({ zone: 'public' });
    const formPost = { routePattern: '/contato', method: 'POST', accept: 'text/html' };
    expect(classifyRequest(target('/contato', { ...formPost, search: '?_action=Admin.publicar' }))).toMatchObject({
      zone: 'admin',
    });
    expect(classifyRequest(target('/contato', { ...formPost, search: '?_action=lead' }))).toEqual({ zone: 'public' });
    expect(classifyRequest(target('/contato', { ...formPost, search: '?_action=posts.create' }))).toMatchObject({
      zone: 'admin',
    });
  });

  /*
   * Astro runs what follows the LAST `/_actions/` (astro/dist/actions/runtime/server.js), a
   * prefix check sees the first: such spellings, and any name no action can have, are refused
   * to everyone before the session is read.
   */
  it.each([
    '/_actions/lead/_actions/admin.lgpd.erase',
    '/_actions/posts/_actions/admin.lgpd.erase',
    '/_actions/leads/_actions/usuarios.setRole',
    '/_actions/lead/x/_actions/admin.lgpd.erase',
    '/_actions/posts/preview',
    '/_actions/lead/',
    '/_actions/',
    '/_actions/admin%2Elgpd.erase',
    '/_actions/%2561dmin.lgpd.erase',
    '/_actions/admin..lgpd',
    '/_actions/%E0%A4%A',
    '//_actions/admin.lgpd.erase',
  ])('refuses the ambiguous action call %s with 404', (pathname) => {
    const action = { routePattern: ACTION_RPC_ROUTE, method: 'POST', accept: 'application/json' };
    expect(actionCallOf({ routePattern: ACTION_RPC_ROUTE, pathname })).toEqual({ kind: 'ambiguous' });
    expect(classifyRequest(target(pathname, action))).toEqual({ zone: 'refused', status: 404 });
  });

  it('reads an action call as Astro does: the route, the query on other routes, keys decoded once', () => {
    const rpc = (pathname: string, search = '') => actionCallOf({ routePattern: ACTION_RPC_ROUTE, pathname, search });
    expect(rpc('/_actions/admin.lgpd.erase')).toEqual({ kind: 'action', name: 'admin.lgpd.erase' });
    expect(rpc('/_actions/%61dmin.lgpd.erase')).toEqual({ kind: 'action', name: 'admin.lgpd.erase' });
    // On the action route Astro ignores the query.
    expect(rpc('/_actions/lead', '?_action=admin.lgpd.erase')).toEqual({ kind: 'action', name: 'lead' });
    const form = (search: string) => actionCallOf({ routePattern: '/admin/lgpd', pathname: '/admin/lgpd', search });
    expect(form('?_action=admin.lgpd.erase')).toEqual({ kind: 'action', name: 'admin.lgpd.erase' });
    // The first value, as URLSearchParams.get gives Astro.
    expect(form('?_action=lead&_action=admin.lgpd.erase')).toEqual({ kind: 'action', name: 'lead' });
    expect(form('?_action=')).toEqual({ kind: 'none' });
    expect(form('')).toEqual({ kind: 'none' });
    expect(form('?_action=lead/_actions/admin.lgpd.erase')).toEqual({ kind: 'ambiguous' });
    // A path spelling the action route that Astro routed elsewhere.
    expect(actionCallOf({ routePattern: '/404', pathname: '/_ACTIONS/lead', search: '?_action=admin.x' })).toEqual({
      kind: 'ambiguous',
    });
  });

  it.each([
    ['admin.lgpd.erase', true],
    ['posts.uploadCover', true],
    ['Posts.Create', true],
    ['%61dmin.lgpd.complete', true],
    ['lead', false],
    ['lgpd.request', false],
    ['postagens.create', false],
  ])('isAdminAction(%s) → %s', (name, expected) => {
    expect(isAdminAction(name)).toBe(expected);
    expect(rolesForAction(name) !== undefined).toBe(expected);
  });

  it('gives admin.* to admins and posts.* to admins and editors; the sales team neither', () => {
    expect(rolesForAction('admin.lgpd.erase')).toEqual(['admin']);
    expect(rolesForAction('posts.create')).toEqual(['admin', 'editor']);
    // Inviting, re-sending and revoking invitations: admins only.
    for (const name of ['usuarios.invite', 'usuarios.resendInvitation', 'usuarios.revokeInvitation']) {
      expect(rolesForAction(name), name).toEqual(['admin']);
    }
    expect(rolesForAction('toString')).toBeUndefined();
    expect(rolesForAction('__proto__.x')).toBeUndefined();
    expect(rolesForRoute('/blog/admin/posts')).toEqual(['admin', 'editor']);
    expect(rolesForRoute('/admin/lgpd')).toEqual(['admin']);
    expect(rolesForRoute('/blog/admin/nao-existe')).toEqual(['admin']);
    expect(rolesForRoute(undefined)).toEqual(['admin']);
    expect(rolesForPath('/Blog/Admin/Posts/abc.html')).toEqual(['admin', 'editor']);
    expect(rolesForPath('/blog/admin/posts/a/b')).toEqual(['admin']);
    expect(rolesForPath('/blog/admin/')).toEqual(['admin', 'vendas', 'editor']);
    expect(rolesForPath('/admin/documentos/x')).toEqual(['admin']);
    expect(rolesForPath('/blogXadmin')).toEqual(['admin']);
    expect(mayOpen('vendas', rolesForRoute('/blog/admin'))).toBe(true);
    expect(mayOpen('vendas', rolesForRoute('/blog/admin/posts'))).toBe(false);
    expect(mayOpen(null, WHOLE_TEAM)).toBe(false);
  });

  it.each([
    ['/auth', '/auth'],
    ['/auth', '/auth.html'],
    ['/auth', '/au%74h'],
    [undefined, '/AUTH/'],
  ])('route %s, path %s → the sign-in page', (routePattern, pathname) => {
    expect(classifyRequest(target(pathname, { routePattern }))).toEqual({ zone: 'sign-in' });
  });

  it.each([
    ['/blog/[slug]', '/blog/administracao-de-imoveis'],
    ['/[name]', '/administrador'],
    ['/blog', '/blog'],
    ['/api/auth/[...all]', '/api/auth/sign-in/email'],
    ['/403', '/403'],
    ['/', '/'],
    ['/api/consentimento-cookies', '/api/consentimento-cookies'],
  ])('route %s, path %s → public', (routePattern, pathname) => {
    expect(classifyRequest(target(pathname, { routePattern }))).toEqual({ zone: 'public' });
  });
});

describe('every admin route has a policy line', () => {
  const routes = routeFiles();
  const adminFiles = routes.filter((route) => inAdminArea(route.pattern));

  it('reads the route files', () => {
    expect(routes.map((route) => route.pattern)).toEqual(expect.arrayContaining(['/blog/admin', '/auth']));
    expect(ADMIN_AREAS).toEqual(['/admin', '/blog/admin', '/api/admin']);
  });

  it.each(adminFiles.map((route) => [route.pattern, route.file]))('%s (%s)', (pattern, file) => {
    const entry = ACCESS_POLICY[pattern];
    expect(entry, `${file} is in an admin area: add '${pattern}' to ACCESS_POLICY`).toBeDefined();
    expect(entry).toMatchObject({ access: 'admin', kind: file.endsWith('.astro') ? 'page' : 'endpoint' });
    // Admins open everything; every role named is a team role.
    const roles = entry?.access === 'admin' ? entry.roles : [];
    expect(roles).toContain('admin');
    expect(roles.every((role) => (STAFF_ROLES as readonly string[]).includes(role))).toBe(true);
  });

  it('names a team role for every action namespace, admins always among them', () => {
    for (const [namespace, roles] of Object.entries(ACTION_ROLES)) {
      expect(roles, namespace).toContain('admin');
      expect(ADMIN_ACTION_NAMESPACES).toContain(namespace);
    }
  });

  it('names no route that does not exist', () => {
    const patterns = new Set(routes.map((route) => route.pattern));
    expect(Object.keys(ACCESS_POLICY).filter((pattern) => !patterns.has(pattern))).toEqual([]);
  });

  it('every admin page and endpoint handler asks again itself, before reading data', () => {
    for (const { file } of adminFiles) {
      const source = readFileSync(file, 'utf8');
      if (file.endsWith('.astro')) {
        // One gate, the roles from the route's policy line; it comes before anything that reads
        // the request, the session or the runtime (where the data is).
        const frontmatter = source.split(/^---$/m)[1] ?? '';
        const gate = /const gate = await adminPage\(Astro\);\nif \(gate instanceof Response\) return gate;\n/;
        expect(frontmatter, file).toMatch(gate);
        const before = frontmatter.slice(0, frontmatter.search(gate));
        expect(before, file).not.toMatch(/\bawait\b|Astro\.(locals|request|getActionResult|params|url|cookies)\b/);
        expect(frontmatter, file).not.toMatch(/refuseUnlessAdmin/);
      } else {
        const handlers = source.match(/export const (GET|POST|PUT|PATCH|DELETE|ALL)\b/g) ?? [];
        const checks = source.match(/refuseUnlessAdmin\(locals\.session|canDownloadDocuments\(locals\)/g) ?? [];
        expect(handlers.length, file).toBeGreaterThan(0);
        expect(checks.length, file).toBe(handlers.length);
      }
    }
  });
});

describe('every admin action is written with defineAdminAction', () => {
  const ACTIONS = 'src/actions';
  /** Each action file's exported namespaces and which definer it uses. */
  const files = readdirSync(ACTIONS)
    .filter((file) => file.endsWith('.ts') && !['index.ts', 'admin-only.ts'].includes(file))
    .map((file) => {
      const source = readFileSync(join(ACTIONS, file), 'utf8');
      return {
        file,
        namespaces: [...source.matchAll(/^export const (\w+)\b/gm)].map((match) => match[1]!),
        admin: /defineAdminAction\(/.test(source),
        plain: /\bdefineAction\(/.test(source),
      };
    });

  it('reads the action files', () => {
    expect(files.map((file) => file.file)).toEqual(expect.arrayContaining(['admin.ts', 'posts.ts', 'lead.ts']));
  });

  it.each(files.map((file) => [file.file, file] as const))('%s', (_file, { namespaces, admin, plain }) => {
    const inAdminNamespace = namespaces.filter((name) => ADMIN_ACTION_NAMESPACES.includes(name));
    if (inAdminNamespace.length > 0) {
      // The middleware guards these names; the wrapper asks again where the data is read.
      expect(plain).toBe(false);
      expect(admin).toBe(true);
      expect(inAdminNamespace).toEqual(namespaces);
    } else {
      // A public action written as an admin one would be refused to everyone: no session is read for it.
      expect(admin).toBe(false);
    }
  });
});

describe('clientAddressOf', () => {
  it("is the connection's address when Astro has one", () => {
    expect(clientAddressOf({ clientAddress: '203.0.113.9' })).toBe('203.0.113.9');
  });
  it('is undefined, not an exception, when the client is gone', () => {
    const gone = {
      get clientAddress(): string {
        throw new Error('ClientAddressNotAvailable');
      },
    };
    expect(clientAddressOf(gone)).toBeUndefined();
    expect(clientAddressOf({ clientAddress: '' })).toBeUndefined();
  });
});
