/*
 * The blog in Chromium: an admin writes a post with a cover in the editor, sees the
 * live preview, publishes it and finds it on /blog; the editor's pt-BR validation,
 * unsaved-changes warning and delete confirmation; pagination once a tag has 11 posts;
 * and the RSS feed parsed as XML by the browser.
 *
 * The admin is a real account (sign-up, `admin:grant` on the e2e server's DATA_DIR,
 * sign-in through Better Auth) made once per worker; its session cookie is handed to
 * each test's browser context.
 */
import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import type { BrowserContext, Page } from '@playwright/test';
import { postValidationMessages } from '../../src/messages/blog';
import { slugify } from '../../src/lib/slug';
import { callAction } from '../support/actions';
import { teamSession } from './team';
import { expect, test as base } from './fixtures';

interface Admin {
  cookie: string;
}

const test = base.extend<object, { admin: Admin }>({
  admin: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their dependencies.
    async ({}, use) => {
      const { cookie } = await teamSession('admin');
      await use({ cookie });
    },
    { scope: 'worker' },
  ],
});

async function signInAs(context: BrowserContext, admin: Admin, baseURL: string) {
  await context.addCookies(
    admin.cookie.split('; ').map((pair) => {
      const [name, ...value] = pair.split('=');
      return { name: name!, value: value.join('='), url: baseURL };
    }),
  );
}

/** Creates a post through the editor's action (`posts.create`), as the editor would. */
async function createPost(baseURL: string, admin: Admin, post: Record<string, unknown>) {
  const answer = await callAction<{ post: { id: string; slug: string } }>(baseURL, 'posts.create', post, {
    cookie: admin.cookie,
  });
  expect(answer.status).toBe(200);
  return answer.data!.post;
}

const unique = () => randomBytes(3).toString('hex');

/**
 * The answer to the editor's next call of `actions.posts.<name>` (a regex alternation for
 * several). The editor shows nothing until the server answers, up to its own request timeout:
 * a test waits for that answer, however long a busy server takes, then for what it shows.
 */
function actionAnswer(page: Page, name: string) {
  const url = new RegExp(`/_actions/posts\\.(?:${name})(?:$|[/?])`);
  return page.waitForResponse((response) => url.test(response.url()) && response.request().method() === 'POST');
}

// Each test drives a React editor and a server that converts images: give a busy 2-core machine room.
test.describe.configure({ timeout: 90_000 });

/** The editor's form is disabled until React hydrates it; on a busy machine that can take a while. */
async function editorReady(page: Page) {
  await expect(page.getByLabel('Título', { exact: true })).toBeEnabled({ timeout: 30_000 });
}

async function openEditor(page: Page, path: string) {
  await page.goto(path);
  await editorReady(page);
}

test.beforeEach(async ({ context, admin, baseURL }) => {
  await signInAs(context, admin, baseURL!);
});

test('an admin writes a post with a cover, previews it, publishes it and sees it on /blog', async ({ page }) => {
  const title = `Checklist da vistoria de entrada ${unique()}`;

  await page.goto('/blog/admin');
  await page.getByRole('link', { name: 'Gerenciar posts do blog' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Posts do blog' })).toBeVisible();
  await page.getByRole('link', { name: 'Novo post' }).click();
  await expect(page).toHaveURL(/\/blog\/admin\/posts\/novo$/);
  await editorReady(page);

  await page.getByLabel('Título', { exact: true }).fill(title);
  // The address follows the title until it is edited.
  await expect(page.getByLabel('Endereço (slug)')).toHaveValue(/^checklist-da-vistoria-de-entrada-[0-9a-f]{6}$/);
  await page.getByLabel('Resumo').fill('O que conferir antes de entregar as chaves.');
  await page.getByLabel('Tags').fill('Vistoria, Inquilinos');
  const previewed = actionAnswer(page, 'preview');
  await page
    .getByLabel('Conteúdo (Markdown)')
    .fill('## Cômodo por cômodo\n\nFotografe **tudo**.\n\n<script>alert(1)</script>\n\n- Paredes\n- Piso');

  const preview = page.getByRole('region', { name: 'Pré-visualização' });
  // Debounced, then rendered by the server.
  expect((await previewed).ok()).toBe(true);
  await expect(preview.getByRole('heading', { level: 2, name: 'Cômodo por cômodo', exact: true })).toBeVisible();
  await expect(preview.getByRole('listitem')).toHaveText(['Paredes', 'Piso']);
  await expect(preview.locator('script')).toHaveCount(0);
  await expect(page.getByText('Alterações não salvas')).toBeVisible();

  const png = await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#1c3fc4' } })
    .png()
    .toBuffer();
  const uploaded = actionAnswer(page, 'uploadCover');
  await page.getByLabel('Imagem de capa').setInputFiles({ name: 'capa.png', mimeType: 'image/png', buffer: png });
  expect((await uploaded).ok()).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: 'Imagem de capa enviada' })).toBeVisible();
  await page.getByLabel('Texto alternativo da capa').fill('Chaves sobre a planta do apartamento');
  await expect(page.getByRole('img', { name: 'Chaves sobre a planta do apartamento' })).toBeVisible();

  const published = actionAnswer(page, 'create|update');
  await page.getByRole('button', { name: 'Publicar' }).click();
  expect((await published).ok()).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: 'Post publicado' })).toBeVisible();
  await expect(page.getByText('Tudo salvo')).toBeVisible();
  await expect(page).toHaveURL(/\/blog\/admin\/posts\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('button', { name: 'Despublicar' })).toBeVisible();

  await page.goto('/blog');
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const cover = page.getByRole('img', { name: 'Chaves sobre a planta do apartamento' });
  await expect(cover).toBeVisible();
  // Decoded by the browser from the AVIF/WebP variants, at the size the server stored.
  expect(await cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThanOrEqual(480);
  // The post's top heading level becomes h2 under the page's <h1>; the anchor link is beside it, not in its name.
  await expect(page.getByRole('heading', { level: 2, name: 'Cômodo por cômodo', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Link para a seção “Cômodo por cômodo”' })).toHaveAttribute(
    'href',
    '#cômodo-por-cômodo',
  );
  await expect(page.getByText(/Publicado em \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await expect(page.getByText('1 min de leitura')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Vistoria' })).toHaveAttribute('href', '/blog/tag/vistoria');
  // No client JavaScript came from the post.
  expect(await page.evaluate(() => document.querySelectorAll('.post-body script').length)).toBe(0);
});

test('the editor shows pt-BR validation messages and warns about unsaved changes', async ({ page }) => {
  await openEditor(page, '/blog/admin/posts/novo');
  await page.getByLabel('Título para SEO').fill('x'.repeat(61));
  await expect(page.getByText('61/60')).toBeVisible();
  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByText(postValidationMessages.titleRequired)).toBeVisible();
  await expect(page.getByText(postValidationMessages.bodyRequired)).toBeVisible();
  await expect(page.getByText(postValidationMessages.seoTitleMax)).toBeVisible();
  await expect(page.getByLabel('Título', { exact: true })).toBeFocused();
  await expect(page.getByLabel('Título', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  // Leaving with unsaved changes asks first. The author then leaves (accept), so the page is
  // really closed before the fixture closes its context: a dismissed prompt leaves a page that
  // Playwright still waits to see closed, and the context's teardown then hangs on it.
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  const closed = page.waitForEvent('close');
  await dialog.accept();
  await closed;
});

test('a duplicate slug is refused with its message', async ({ page, admin, baseURL }) => {
  const title = `Seguro fiança ${unique()}`;
  await createPost(baseURL!, admin, { title });
  await openEditor(page, '/blog/admin/posts/novo');
  await page.getByLabel('Título', { exact: true }).fill(title);
  await page.getByRole('button', { name: 'Salvar rascunho' }).click();
  const slug = await page.getByLabel('Endereço (slug)').inputValue();
  await expect(
    page.getByText(`Já existe um post com o endereço "${slug}". Escolha outro endereço.`).first(),
  ).toBeVisible();
  await expect(page.getByLabel('Endereço (slug)')).toBeFocused();
});

test('deleting asks for confirmation first', async ({ page, admin, baseURL }) => {
  const title = `Post para excluir ${unique()}`;
  const post = await createPost(baseURL!, admin, { title, body: 'Texto.' });
  await openEditor(page, `/blog/admin/posts/${post.id}`);

  await page.getByRole('button', { name: 'Excluir' }).click();
  const confirm = page.getByRole('dialog', { name: 'Excluir este post?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirm).toBeHidden();

  await page.getByRole('button', { name: 'Excluir' }).click();
  await confirm.getByRole('button', { name: 'Excluir definitivamente' }).click();
  await expect(page).toHaveURL(/\/blog\/admin\/posts\?excluido=1$/);
  await expect(page.getByRole('status')).toHaveText('Post excluído');
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
});

test('lists paginate ten posts at a time, with rel prev/next links, once there are 11', async ({
  page,
  admin,
  baseURL,
}) => {
  const tag = `Paginação ${unique()}`;
  const tagSlug = slugify(tag);
  for (let i = 1; i <= 11; i++) {
    await createPost(baseURL!, admin, {
      title: `Paginado ${tagSlug} nº ${i}`,
      body: 'Texto.',
      tags: [tag],
      status: 'published',
    });
  }

  await page.goto(`/blog/tag/${tagSlug}`);
  await expect(page.getByRole('heading', { level: 1, name: `Posts sobre ${tag}` })).toBeVisible();
  const titles = page.getByRole('article').getByRole('heading', { level: 2 });
  await expect(titles).toHaveCount(10);
  // Newest first: the last one created leads.
  await expect(titles.first()).toHaveText(`Paginado ${tagSlug} nº 11`);
  const pagination = page.getByRole('navigation', { name: 'Paginação do blog' });
  await expect(pagination.getByText('Página 1 de 2')).toBeVisible();
  const older = pagination.getByRole('link', { name: 'Posts anteriores' });
  await expect(older).toHaveAttribute('rel', 'next');
  await expect(page.locator('head link[rel="next"]')).toHaveAttribute('href', `/blog/tag/${tagSlug}/pagina/2`);
  await older.click();

  await expect(page).toHaveURL(new RegExp(`/blog/tag/${tagSlug}/pagina/2$`));
  await expect(titles).toHaveText([`Paginado ${tagSlug} nº 1`]);
  const newer = pagination.getByRole('link', { name: 'Posts mais recentes' });
  await expect(newer).toHaveAttribute('rel', 'prev');
  await expect(pagination.getByRole('link', { name: 'Posts anteriores' })).toHaveCount(0);
  await newer.click();
  await expect(page).toHaveURL(new RegExp(`/blog/tag/${tagSlug}$`));

  // The blog itself now has more than ten posts too.
  await page.goto('/blog');
  await expect(page.getByRole('article')).toHaveCount(10);
  await pagination.getByRole('link', { name: 'Posts anteriores' }).click();
  await expect(page).toHaveURL(/\/blog\/pagina\/2$/);
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Blog da Pilota' })).toBeVisible();
});

test('the RSS feed is well-formed XML with the published posts as items', async ({ page, admin, baseURL }) => {
  const title = `Feed: repasse ao proprietário & <taxas> ${unique()}`;
  const published = await createPost(baseURL!, admin, {
    title,
    body: 'Texto.',
    status: 'published',
    tags: ['Repasse'],
  });
  const draft = await createPost(baseURL!, admin, { title: `Rascunho fora do feed ${unique()}`, body: 'Texto.' });

  await page.goto('/blog');
  const feed = await page.evaluate(async () => {
    const response = await fetch('/blog/rss.xml');
    const xml = new DOMParser().parseFromString(await response.text(), 'application/xml');
    const items = [...xml.querySelectorAll('channel > item')].map((item) => ({
      title: item.querySelector('title')?.textContent,
      link: item.querySelector('link')?.textContent,
      guid: item.querySelector('guid')?.textContent,
      pubDate: item.querySelector('pubDate')?.textContent,
      categories: [...item.querySelectorAll('category')].map((c) => c.textContent),
    }));
    return {
      contentType: response.headers.get('content-type'),
      parseError: xml.querySelector('parsererror')?.textContent ?? null,
      root: xml.documentElement.nodeName,
      version: xml.documentElement.getAttribute('version'),
      channelTitle: xml.querySelector('channel > title')?.textContent,
      language: xml.querySelector('channel > language')?.textContent,
      items,
    };
  });

  expect(feed.parseError).toBeNull();
  expect(feed).toMatchObject({
    contentType: 'application/rss+xml; charset=utf-8',
    root: 'rss',
    version: '2.0',
    channelTitle: 'Blog da Pilota',
    language: 'pt-BR',
  });
  const item = feed.items.find((entry) => entry.title === title);
  expect(item).toBeDefined();
  expect(item!.link).toMatch(new RegExp(`/blog/${published.slug}$`));
  expect(item!.guid).toBe(item!.link);
  expect(new Date(item!.pubDate!).getTime()).toBeGreaterThan(Date.now() - 10 * 60_000);
  expect(item!.categories).toEqual(['Repasse']);
  expect(feed.items.some((entry) => entry.link?.endsWith(`/blog/${draft.slug}`))).toBe(false);
  // Newest first.
  const dates = feed.items.map((entry) => new Date(entry.pubDate!).getTime());
  expect(dates).toEqual([...dates].sort((a, b) => b - a));
});

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** A published post with a table, a task list, a link and a tag, for the pages axe checks. */
const accessiblePost = (baseURL: string, admin: Admin) =>
  createPost(baseURL, admin, {
    title: `Acessibilidade ${unique()}`,
    body: '## Seção\n\nTexto com [link](https://exemplo.com.br).\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n\n- [x] feito',
    tags: ['Acessível'],
    status: 'published',
  });

// One test per page, so a slow page on a busy machine costs its own test, not the whole walk.
const AXE_PAGES: { name: string; path: (post: { id: string; slug: string }) => string }[] = [
  { name: '/blog', path: () => '/blog' },
  { name: 'a post', path: (post) => `/blog/${post.slug}` },
  { name: 'a tag', path: () => '/blog/tag/acessivel' },
  { name: 'the editor’s list', path: () => '/blog/admin/posts' },
  { name: 'the editor', path: (post) => `/blog/admin/posts/${post.id}` },
];
for (const { name, path: pathOf } of AXE_PAGES) {
  test(`axe finds no serious violation on ${name} of the blog`, async ({ page, admin, baseURL }) => {
    const path = pathOf(await accessiblePost(baseURL!, admin));
    await page.goto(path);
    if (path.startsWith('/blog/admin/posts/')) {
      await editorReady(page);
      await expect(
        page.getByRole('region', { name: 'Pré-visualização' }).getByRole('heading', { name: 'Seção' }),
      ).toBeVisible();
    }
    expect(await seriousViolations(page), path).toEqual([]);
  });
}
