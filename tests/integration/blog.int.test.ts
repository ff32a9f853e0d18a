/*
 * The blog over HTTP against the production build (BUILD_DIR, built first when missing
 * or stale): an admin creates a draft that no public URL shows, publishes it, and then
 * finds it at /blog/{slug}, in the RSS feed and in the sitemap; a hostile body renders
 * inert; a duplicate slug is refused with its message; anonymous callers get 401 and
 * signed-in non-admins 403 on every admin operation. Accounts are real (Better Auth,
 * e-mail verification through a captured SMTP server, `admin:grant`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { editorToasts, postErrors, postValidationMessages } from '@content/messages/blog';
import { adminCookie, userCookie } from '../support/blog-accounts';
import { ensureBuild } from '../support/ensure-build';
import { startBuiltServer, type RunningServer } from '../support/server';
import { startCaptureSmtp, type CaptureSmtp } from '../support/smtp';

let server: RunningServer;
let smtp: CaptureSmtp;
let admin: string;
let user: string;

beforeAll(async () => {
  ensureBuild();
  smtp = await startCaptureSmtp();
  server = await startBuiltServer({ SMTP_URL: smtp.url, LEAD_RATE_LIMIT: 'off' });
  admin = (await adminCookie(server.url, server.dataDir)).cookie;
  user = (await userCookie(server.url, smtp)).cookie;
}, 600_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

function api(method: string, path: string, options: { cookie?: string; body?: unknown; raw?: Buffer } = {}) {
  const headers: Record<string, string> = { Origin: server.url };
  if (options.cookie) headers['Cookie'] = options.cookie;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.raw) headers['Content-Type'] = 'application/octet-stream';
  return fetch(`${server.url}${path}`, {
    method,
    headers,
    redirect: 'manual',
    body: options.raw ? new Uint8Array(options.raw) : options.body === undefined ? null : JSON.stringify(options.body),
  });
}

const get = (path: string, cookie?: string) =>
  fetch(`${server.url}${path}`, {
    redirect: 'manual',
    // What a browser navigation sends: the admin guard answers it as a page (redirect / 403 page).
    headers: { Accept: 'text/html', ...(cookie ? { Cookie: cookie } : {}) },
  });

/** The rendered post body (the sanitised Markdown), cut out of the page. */
function postBody(html: string): string {
  const start = html.indexOf('<div class="post-body">');
  expect(start).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf('</article>', start));
}

interface EditorPostJson {
  id: string;
  slug: string;
  status: string;
  publishedAt: string | null;
}

async function create(body: unknown): Promise<EditorPostJson> {
  const response = await api('POST', '/api/admin/posts', { cookie: admin, body });
  expect(response.status).toBe(201);
  return ((await response.json()) as { post: EditorPostJson }).post;
}

describe('publishing', () => {
  it('keeps a draft off every public URL, then shows it at /blog/{slug}, in RSS and the sitemap once published', async () => {
    const draftInput = {
      title: 'Cobrança por PIX: guia rápido',
      excerpt: 'Como receber aluguel por PIX sem perder o controle.',
      body: '## Chave PIX\n\nCadastre uma chave **aleatória** para cada conta.',
      tags: 'Cobrança, PIX',
      seoTitle: 'Cobrança de aluguel por PIX',
      seoDescription: 'Guia rápido para receber aluguel por PIX.',
    };
    const draft = await create(draftInput);
    expect(draft).toMatchObject({ slug: 'cobranca-por-pix-guia-rapido', status: 'draft', publishedAt: null });
    const path = `/blog/${draft.slug}`;

    expect((await get(path)).status).toBe(404);
    expect(await (await get('/blog')).text()).not.toContain(draftInput.title);
    expect((await get('/blog/tag/pix')).status).toBe(404);
    expect(await (await get('/blog/rss.xml')).text()).not.toContain(draft.slug);
    expect(await (await get('/sitemap.xml')).text()).not.toContain(draft.slug);

    const publish = await api('PUT', `/api/admin/posts/${draft.id}`, {
      cookie: admin,
      body: { ...draftInput, slug: draft.slug, status: 'published' },
    });
    expect(publish.status).toBe(200);
    expect(((await publish.json()) as { post: EditorPostJson }).post.status).toBe('published');

    const page = await get(path);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=300, stale-while-revalidate=600');
    const html = await page.text();
    expect(html).toContain(
      '<h1 class="text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">Cobrança por PIX: guia rápido</h1>',
    );
    expect(html).toContain('<title>Cobrança de aluguel por PIX | Pilota</title>');
    expect(html).toContain('<meta property="og:type" content="article">');
    expect(html).toMatch(/"@type":"BlogPosting"/);
    expect(html).toContain('1 min de leitura');
    // The post's top heading level ("##" here) becomes h2, right under the page's <h1>.
    expect(postBody(html)).toContain('<h2 id="chave-pix">Chave PIX');
    // dd/mm/aaaa in São Paulo time.
    const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    expect(html).toContain(`Publicado em <time datetime=`);
    expect(html).toContain(`>${today}</time>`);

    expect(await (await get('/blog')).text()).toContain(draftInput.title);
    expect((await get('/blog/tag/pix')).status).toBe(200);

    const rss = await get('/blog/rss.xml');
    expect(rss.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const feed = await rss.text();
    expect(feed).toMatch(
      new RegExp(`<item>\\s*<title>Cobrança por PIX: guia rápido</title>\\s*<link>[^<]*${path}</link>`),
    );

    const sitemap = await (await get('/sitemap.xml')).text();
    expect(sitemap).toMatch(new RegExp(`<loc>[^<]*${path}</loc>`));
    expect(sitemap).toMatch(/<loc>[^<]*\/blog\/tag\/pix<\/loc>/);

    // Unpublishing takes it off again.
    const unpublish = await api('PUT', `/api/admin/posts/${draft.id}`, {
      cookie: admin,
      body: { ...draftInput, slug: draft.slug, status: 'draft' },
    });
    expect(unpublish.status).toBe(200);
    expect((await get(path)).status).toBe(404);
    expect(await (await get('/sitemap.xml')).text()).not.toContain(draft.slug);
  });

  it('renders a hostile body inert', async () => {
    const post = await create({
      title: 'Post com tentativas de XSS',
      status: 'published',
      body: [
        'Antes <script>alert("xss")</script> depois.',
        '<img src=x onerror="alert(1)">',
        '<iframe src="https://evil.example/"></iframe>',
        '[clique aqui](javascript:alert(document.cookie))',
        '<a href="javascript:alert(2)">link cru</a>',
        '<svg onload=alert(3)></svg>',
      ].join('\n\n'),
    });
    const html = await (await get(`/blog/${post.slug}`)).text();
    const body = postBody(html);
    expect(body).not.toMatch(/<script/i);
    expect(body).not.toMatch(/<iframe/i);
    expect(body).not.toMatch(/<svg/i);
    expect(body).not.toMatch(/<img/i);
    expect(body).not.toMatch(/\son[a-z]+\s*=/i);
    expect(body).not.toMatch(/javascript:/i);
    expect(body).toContain('<a>clique aqui</a>');
    // The page's own scripts are Astro's hashed inline ones; none comes from the post.
    expect(html).not.toContain('alert("xss")</script>');
  });

  it('refuses a duplicate slug with a message', async () => {
    await create({ title: 'Reajuste pelo IGP-M' });
    const response = await api('POST', '/api/admin/posts', { cookie: admin, body: { title: 'Reajuste pelo IGP-M' } });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: postErrors.duplicateSlug('reajuste-pelo-igp-m'),
      fields: { slug: postErrors.duplicateSlug('reajuste-pelo-igp-m') },
    });
  });

  it('refuses invalid fields with the schema messages', async () => {
    const response = await api('POST', '/api/admin/posts', {
      cookie: admin,
      body: { title: '', seoTitle: 'x'.repeat(61), seoDescription: 'y'.repeat(161) },
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      error: postErrors.invalid,
      fields: {
        title: postValidationMessages.titleRequired,
        seoTitle: postValidationMessages.seoTitleMax,
        seoDescription: postValidationMessages.seoDescriptionMax,
      },
    });
  });

  it('previews Markdown through the public pipeline', async () => {
    const response = await api('POST', '/api/admin/posts/preview', {
      cookie: admin,
      body: { body: '## Olá\n\n<script>x()</script>\n\n[a](javascript:b)' },
    });
    expect(response.status).toBe(200);
    const { html } = (await response.json()) as { html: string };
    expect(html).toContain('<h2 id="olá">Olá');
    expect(html).not.toContain('<script');
    expect(html).toContain('<a>a</a>');
  });

  it('stores a cover and serves it as AVIF/WebP with long-lived caching, as the post’s og:image', async () => {
    const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#1c3fc4' } })
      .png()
      .toBuffer();
    const upload = await api('POST', '/api/admin/posts/cover', { cookie: admin, raw: png });
    expect(upload.status).toBe(201);
    const { cover } = (await upload.json()) as { cover: { id: string; width: number; height: number } };
    expect(cover).toMatchObject({ width: 1600, height: 900 });

    const avif = await get(`/blog/imagens/${cover.id}-960.avif`);
    expect(avif.status).toBe(200);
    expect(avif.headers.get('content-type')).toBe('image/avif');
    expect(avif.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await sharp(Buffer.from(await avif.arrayBuffer())).metadata()).width).toBe(960);

    const post = await create({
      title: 'Post com capa',
      body: 'Texto.',
      status: 'published',
      coverImageId: cover.id,
      coverAlt: 'Fundo azul da marca',
    });
    const html = await (await get(`/blog/${post.slug}`)).text();
    expect(html).toMatch(new RegExp(`<meta property="og:image" content="[^"]*/blog/imagens/${cover.id}-1440\\.webp">`));
    expect(html).toContain(`<source type="image/avif" srcset="/blog/imagens/${cover.id}-480.avif 480w`);
    expect(html).toMatch(/<img src="[^"]+-960\.webp"[^>]* width="1440" height="810" alt="Fundo azul da marca"/);

    const gif = await api('POST', '/api/admin/posts/cover', { cookie: admin, raw: Buffer.from('GIF89a-not-allowed') });
    expect(gif.status).toBe(422);
    expect(await gif.json()).toEqual({ error: 'Apenas imagens JPEG, PNG ou WebP são aceitas.' });
  });
});

describe('authorization', () => {
  let postId: string;

  beforeAll(async () => {
    postId = (await create({ title: 'Post protegido', body: 'Original.', status: 'published' })).id;
  });

  const operations = () =>
    [
      ['list', 'GET', '/api/admin/posts', undefined],
      ['create', 'POST', '/api/admin/posts', { title: 'Intruso' }],
      ['read', 'GET', `/api/admin/posts/${postId}`, undefined],
      ['edit', 'PUT', `/api/admin/posts/${postId}`, { title: 'Alterado', body: 'Hackeado', status: 'published' }],
      ['delete', 'DELETE', `/api/admin/posts/${postId}`, undefined],
      ['preview', 'POST', '/api/admin/posts/preview', { body: 'x' }],
    ] as const;

  it('answers 401 to anonymous callers and 403 to signed-in non-admins, changing nothing', async () => {
    for (const [name, method, path, body] of operations()) {
      const anonymous = await api(method, path, body === undefined ? {} : { body });
      expect(anonymous.status, `anonymous ${name}`).toBe(401);
      const plain = await api(method, path, body === undefined ? { cookie: user } : { cookie: user, body });
      expect(plain.status, `user ${name}`).toBe(403);
    }
    for (const cookie of [undefined, user]) {
      const upload = await api('POST', '/api/admin/posts/cover', {
        ...(cookie ? { cookie } : {}),
        raw: Buffer.from('x'),
      });
      expect(upload.status).toBe(cookie ? 403 : 401);
    }
    const page = await (await get('/blog/post-protegido')).text();
    expect(page).toContain('Original.');
    expect(page).not.toContain('Hackeado');
    const list = await api('GET', '/api/admin/posts', { cookie: admin });
    const titles = ((await list.json()) as { posts: { title: string }[] }).posts.map((post) => post.title);
    expect(titles).toContain('Post protegido');
    expect(titles).not.toContain('Intruso');
  });

  it('guards the editor pages: anonymous → /auth, non-admin → 403 page, admin → the editor', async () => {
    for (const path of ['/blog/admin/posts', '/blog/admin/posts/novo', `/blog/admin/posts/${postId}`]) {
      const anonymous = await get(path);
      expect(anonymous.status, path).toBe(302);
      expect(anonymous.headers.get('location'), path).toMatch(/\/auth$/);
      const plain = await get(path, user);
      expect(plain.status, path).toBe(403);
      const allowed = await get(path, admin);
      expect(allowed.status, path).toBe(200);
      expect(allowed.headers.get('cache-control')).toBe('private, no-store');
    }
  });

  it('refuses a cross-site request even from an admin', async () => {
    const response = await fetch(`${server.url}/api/admin/posts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example', Cookie: admin },
      body: JSON.stringify({ title: 'CSRF' }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: editorToasts.forbidden });
  });

  it('lets the admin delete the post, after which it is gone', async () => {
    expect((await api('DELETE', `/api/admin/posts/${postId}`, { cookie: admin })).status).toBe(204);
    expect((await get('/blog/post-protegido')).status).toBe(404);
    expect((await api('GET', `/api/admin/posts/${postId}`, { cookie: admin })).status).toBe(404);
  });
});
