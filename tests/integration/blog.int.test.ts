/*
 * The blog over HTTP against the production build (BUILD_DIR, built first when missing
 * or stale): an admin creates a draft that no public URL shows, publishes it, and then
 * finds it at /blog/{slug}, in the RSS feed and in the sitemap; a hostile body renders
 * inert; a duplicate slug is refused with its message; anonymous callers get 401 and
 * signed-in non-admins 403 on every admin operation. The editor's operations are the
 * `posts.*` actions (src/actions/posts.ts), called over HTTP as the island calls them.
 * Accounts are real (Better Auth, e-mail verification through a captured SMTP server,
 * `admin:grant`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { adminRefusals } from '~/messages/auth';
import { coverMessages, postErrors, postValidationMessages } from '~/messages/blog';
import { callAction, firstMessages, type CallOptions } from '../support/actions';
import { adminCookie, userCookie } from '../../scripts/support/blog-accounts';
import { ensureBuild } from '../support/ensure-build';
import { startBuiltServer, type RunningServer } from '../../scripts/support/server';
import { startCaptureSmtp, type CaptureSmtp } from '../../scripts/support/smtp';

let server: RunningServer;
let smtp: CaptureSmtp;
let admin: string;
let user: string;

beforeAll(async () => {
  ensureBuild();
  smtp = await startCaptureSmtp();
  server = await startBuiltServer({ SMTP_URL: smtp.url, LEAD_RATE_LIMIT: 'off' });
  admin = (await adminCookie(server.url, server.dataDir, smtp)).cookie;
  user = (await userCookie(server.url, smtp)).cookie;
}, 600_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

/** Calls a `posts.*` action as the editor island does. */
const action = <T = unknown>(name: string, input: unknown, options: CallOptions = {}) =>
  callAction<T>(server.url, `posts.${name}`, input, options);

/** The cover upload's form: the image file under `cover`. */
function coverForm(bytes: Buffer, name = 'capa.png', type = 'image/png'): FormData {
  const form = new FormData();
  form.set('cover', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
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
  const answer = await action<{ post: EditorPostJson }>('create', body, { cookie: admin });
  expect(answer.status, JSON.stringify(answer.error)).toBe(200);
  return answer.data!.post;
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

    const publish = await action<{ post: EditorPostJson }>(
      'update',
      { ...draftInput, id: draft.id, slug: draft.slug, status: 'published' },
      { cookie: admin },
    );
    expect(publish.status).toBe(200);
    expect(publish.data!.post.status).toBe('published');

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
    const unpublish = await action(
      'update',
      { ...draftInput, id: draft.id, slug: draft.slug, status: 'draft' },
      { cookie: admin },
    );
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
    const answer = await action('create', { title: 'Reajuste pelo IGP-M' }, { cookie: admin });
    expect(answer.status).toBe(409);
    // The editor puts a CONFLICT on the slug field (src/islands/post-editor/post-actions.ts).
    expect(answer.error).toMatchObject({ code: 'CONFLICT', message: postErrors.duplicateSlug('reajuste-pelo-igp-m') });
  });

  it('a new post sent again under the id the editor chose is stored once, even when both arrive together', async () => {
    const id = crypto.randomUUID();
    const input = { id, title: 'Salvo duas vezes', excerpt: 'Primeira vez.' };
    const [first, second] = await Promise.all([
      action<{ post: EditorPostJson }>('create', input, { cookie: admin }),
      action<{ post: EditorPostJson }>('create', input, { cookie: admin }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([first.data!.post.id, second.data!.post.id]).toEqual([id, id]);
    const again = await action<{ post: { id: string; excerpt: string } }>(
      'create',
      { ...input, excerpt: 'Segunda vez.' },
      { cookie: admin },
    );
    expect(again.data!.post).toMatchObject({ id, excerpt: 'Segunda vez.' });
    // Another new post cannot take the address: there is one post there, the same one.
    const other = await action('create', { title: 'Salvo duas vezes' }, { cookie: admin });
    expect(other.status).toBe(409);
  });

  it('refuses invalid fields with the schema messages', async () => {
    const answer = await action(
      'create',
      { title: '', seoTitle: 'x'.repeat(61), seoDescription: 'y'.repeat(161) },
      { cookie: admin },
    );
    expect(answer.status).toBe(400);
    expect(answer.error?.type).toBe('AstroActionInputError');
    expect(firstMessages(answer.error?.fields)).toEqual({
      title: postValidationMessages.titleRequired,
      seoTitle: postValidationMessages.seoTitleMax,
      seoDescription: postValidationMessages.seoDescriptionMax,
    });
  });

  it('previews Markdown through the public pipeline', async () => {
    const answer = await action<{ html: string }>(
      'preview',
      { body: '## Olá\n\n<script>x()</script>\n\n[a](javascript:b)' },
      { cookie: admin },
    );
    expect(answer.status).toBe(200);
    const { html } = answer.data!;
    expect(html).toContain('<h2 id="olá">Olá');
    expect(html).not.toContain('<script');
    expect(html).toContain('<a>a</a>');
  });

  it('stores a cover and serves it as AVIF/WebP with long-lived caching, as the post’s og:image', async () => {
    const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#1c3fc4' } })
      .png()
      .toBuffer();
    const upload = await action<{ cover: { id: string; width: number; height: number } }>(
      'uploadCover',
      coverForm(png),
      { cookie: admin },
    );
    expect(upload.status).toBe(200);
    const { cover } = upload.data!;
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

    const gif = await action('uploadCover', coverForm(Buffer.from('GIF89a-not-allowed'), 'capa.png'), {
      cookie: admin,
    });
    expect(gif.status).toBe(422);
    expect(gif.error).toMatchObject({
      code: 'UNPROCESSABLE_CONTENT',
      message: 'Apenas imagens JPEG, PNG ou WebP são aceitas.',
    });

    // Over 5 MB: refused by size, before any decoding.
    const huge = await action('uploadCover', coverForm(Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)])), {
      cookie: admin,
    });
    expect(huge.status).toBe(413);
    expect(huge.error).toMatchObject({ message: coverMessages.tooLarge });
  });
});

describe('authorization', () => {
  let postId: string;

  beforeAll(async () => {
    postId = (await create({ title: 'Post protegido', body: 'Original.', status: 'published' })).id;
  });

  /* Every editor action; reading posts is the editor pages' job, guarded in the next test. */
  const operations = () =>
    [
      ['create', { title: 'Intruso' }],
      ['update', { id: postId, title: 'Alterado', body: 'Hackeado', status: 'published' }],
      ['delete', { id: postId }],
      ['preview', { body: 'x' }],
      ['uploadCover', coverForm(Buffer.from('x'))],
    ] as const;

  it('answers 401 to anonymous callers and 403 to signed-in non-admins, changing nothing', async () => {
    for (const [name, input] of operations()) {
      const anonymous = await action(name, input);
      expect(anonymous.status, `anonymous ${name}`).toBe(401);
      expect(anonymous.error, `anonymous ${name}`).toMatchObject({ code: 'UNAUTHORIZED', message: adminRefusals[401] });
      const plain = await action(name, input, { cookie: user });
      expect(plain.status, `user ${name}`).toBe(403);
      expect(plain.error, `user ${name}`).toMatchObject({ code: 'FORBIDDEN', message: adminRefusals[403] });
    }
    const page = await (await get('/blog/post-protegido')).text();
    expect(page).toContain('Original.');
    expect(page).not.toContain('Hackeado');
    const list = await (await get('/blog/admin/posts', admin)).text();
    expect(list).toContain('Post protegido');
    expect(list).not.toContain('Intruso');
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
    const answer = await action('create', { title: 'CSRF' }, { cookie: admin, origin: 'https://evil.example' });
    expect(answer.status).toBe(403);
    // The editor shows a FORBIDDEN as editorToasts.forbidden (tests/unit/post-editor-refusal.test.ts).
    expect(answer.error).toMatchObject({ code: 'FORBIDDEN', message: adminRefusals[403] });
    const list = await (await get('/blog/admin/posts', admin)).text();
    expect(list).not.toContain('CSRF');
    // The cover upload is a form post: refused from another site too.
    const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#1c3fc4' } })
      .png()
      .toBuffer();
    const upload = await action('uploadCover', coverForm(png), { cookie: admin, origin: 'https://evil.example' });
    expect(upload.status).toBe(403);
  });

  it('lets the admin delete the post, after which it is gone', async () => {
    const deleted = await action('delete', { id: postId }, { cookie: admin });
    expect(deleted.status).toBe(200);
    expect(deleted.data).toEqual({ deleted: true });
    expect((await get('/blog/post-protegido')).status).toBe(404);
    expect((await get(`/blog/admin/posts/${postId}`, admin)).status).toBe(404);
    const again = await action('delete', { id: postId }, { cookie: admin });
    expect(again.status).toBe(404);
    expect(again.error).toMatchObject({ code: 'NOT_FOUND', message: postErrors.notFound });
  });
});
