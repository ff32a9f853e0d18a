/*
 * The blog's services against a real database (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set): post lifecycle and public visibility, duplicate slugs,
 * tag pages, pagination, sitemap paths, the example seed, and cover images
 * converted by sharp and stored as bytea.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { coverMessages, postErrors, postValidationMessages } from '~/messages/blog';
import { examplePosts } from '~/copy/blog';
import { MAX_COVER_BYTES } from '~/lib/cover-image';
import { blogImages, blogImageVariants, blogPosts } from '~/server/db/schema';
import { CoverUploadError, getCoverSizes, getCoverVariant, storeCover } from '~/server/blog/cover.service';
import {
  createPost,
  deletePost,
  getPostById,
  listAllPosts,
  publishPost,
  PostNotFoundError,
  PostValidationError,
  unpublishPost,
  updatePost,
} from '~/server/blog/post.service';
import { getPublishedPost, getTagLabel, listFeedPosts, listPublishedPosts, listSitemapPaths } from '~/server/blog/published-posts';
import { seedExamplePosts } from '~/server/blog/seed';
import { engines, useTestDatabase } from '../support/db';

const T0 = new Date('2026-03-10T12:00:00Z');
const at = (minutes: number) => () => new Date(T0.getTime() + minutes * 60_000);

async function image(width: number, height: number, format: 'png' | 'jpeg' | 'webp'): Promise<Buffer> {
  const canvas = sharp({ create: { width, height, channels: 3, background: { r: 30, g: 80, b: 200 } } });
  return canvas.toFormat(format).toBuffer();
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

describe.each(engines)('blog services on %s', (engine) => {
  const t = useTestDatabase(engine);
  const deps = () => ({ db: t.db, now: at(0) });

  describe('posts', () => {
    it('keeps a draft out of every public read, and publishes it', async () => {
      const draft = await createPost(deps(), {
        title: 'Gestão de Imóveis',
        body: '## Passo 1\n\nTexto do post.',
        tags: 'Gestão, IPCA',
      });
      expect(draft).toMatchObject({
        slug: 'gestao-de-imoveis',
        status: 'draft',
        publishedAt: null,
        tagSlugs: ['gestao', 'ipca'],
      });

      expect(await getPublishedPost(deps(), 'gestao-de-imoveis')).toBeUndefined();
      expect((await listPublishedPosts(deps())).total).toBe(0);
      expect(await listPublishedPosts(deps(), { tagSlug: 'gestao' })).toMatchObject({ total: 0, posts: [] });
      expect(await listFeedPosts(deps())).toEqual([]);
      expect(await listSitemapPaths(deps())).toEqual([]);
      expect(await getTagLabel(deps(), 'gestao')).toBeUndefined();

      const published = await publishPost({ db: t.db, now: at(5) }, draft.id);
      expect(published.status).toBe('published');
      expect(published.publishedAt).toEqual(at(5)());

      const post = await getPublishedPost(deps(), 'gestao-de-imoveis');
      expect(post).toMatchObject({
        title: 'Gestão de Imóveis',
        readingTime: '1 min de leitura',
        excerpt: 'Passo 1 Texto do post.',
      });
      expect(post?.tags).toEqual([
        { label: 'Gestão', slug: 'gestao' },
        { label: 'IPCA', slug: 'ipca' },
      ]);
      expect((await listFeedPosts(deps())).map((p) => p.slug)).toEqual(['gestao-de-imoveis']);
      expect(await getTagLabel(deps(), 'ipca')).toBe('IPCA');
      expect((await listSitemapPaths(deps())).map((e) => e.path)).toEqual([
        '/blog/gestao-de-imoveis',
        '/blog/tag/gestao',
        '/blog/tag/ipca',
      ]);

      // Unpublishing hides it again but keeps the first publication date for a later re-publish.
      await unpublishPost({ db: t.db, now: at(10) }, draft.id);
      expect(await getPublishedPost(deps(), 'gestao-de-imoveis')).toBeUndefined();
      const again = await publishPost({ db: t.db, now: at(20) }, draft.id);
      expect(again.publishedAt).toEqual(at(5)());
      expect(again.updatedAt).toEqual(at(20)());
    });

    it('refuses a duplicate slug with a Portuguese message, on create and on update', async () => {
      await createPost(deps(), { title: 'Reajuste do aluguel' });
      const error = await rejection(createPost(deps(), { title: 'Reajuste do Aluguel!' }));
      expect(error).toBeInstanceOf(PostValidationError);
      expect((error as PostValidationError).fields).toEqual({ slug: postErrors.duplicateSlug('reajuste-do-aluguel') });
      expect(error.message).toBe('Já existe um post com o endereço "reajuste-do-aluguel". Escolha outro endereço.');

      const other = await createPost(deps(), { title: 'Outro', slug: 'outro' });
      const onUpdate = await rejection(updatePost(deps(), other.id, { title: 'Outro', slug: 'reajuste-do-aluguel' }));
      expect((onUpdate as PostValidationError).fields['slug']).toBe(postErrors.duplicateSlug('reajuste-do-aluguel'));
      // Saving a post under its own slug is not a duplicate.
      await expect(updatePost(deps(), other.id, { title: 'Outro título', slug: 'outro' })).resolves.toMatchObject({
        title: 'Outro título',
      });
    });

    it('validates with the shared schema: publishing needs a body, SEO lengths are checked', async () => {
      const empty = await createPost(deps(), { title: 'Só o título' });
      const error = await rejection(publishPost(deps(), empty.id));
      expect((error as PostValidationError).fields).toEqual({ body: postValidationMessages.bodyRequired });
      const seo = await rejection(createPost(deps(), { title: 'SEO', seoTitle: 'x'.repeat(61) }));
      expect((seo as PostValidationError).fields).toEqual({ seoTitle: postValidationMessages.seoTitleMax });
      expect((await getPostById(deps(), empty.id))?.status).toBe('draft');
    });

    it('reports a missing post', async () => {
      await expect(updatePost(deps(), '00000000-0000-4000-8000-000000000000', { title: 'x' })).rejects.toBeInstanceOf(
        PostNotFoundError,
      );
      expect(await getPostById(deps(), 'not-a-uuid')).toBeUndefined();
      expect(await deletePost(deps(), '00000000-0000-4000-8000-000000000000')).toBe(false);
    });

    it('pages published posts newest first, ten per page, and filters by tag', async () => {
      for (let i = 1; i <= 11; i++) {
        await createPost(
          { db: t.db, now: at(i) },
          { title: `Post ${i}`, body: 'Texto.', status: 'published', tags: i % 2 ? ['Ímpar'] : ['Par'] },
        );
      }
      await createPost(deps(), { title: 'Rascunho', body: 'x', tags: ['Ímpar'] });

      const first = await listPublishedPosts(deps());
      expect(first).toMatchObject({ page: 1, pageCount: 2, total: 11 });
      expect(first.posts.map((p) => p.title)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2].map((i) => `Post ${i}`));
      const second = await listPublishedPosts(deps(), { page: 2 });
      expect(second.posts.map((p) => p.title)).toEqual(['Post 1']);
      expect((await listPublishedPosts(deps(), { page: 3 })).posts).toEqual([]);

      const odd = await listPublishedPosts(deps(), { tagSlug: 'impar' });
      expect(odd.total).toBe(6);
      expect(await getTagLabel(deps(), 'impar')).toBe('Ímpar');

      const admin = await listAllPosts(deps());
      expect(admin).toHaveLength(12);
      expect(admin.map((p) => p.status)).toContain('draft');
    });
  });

  describe('seed', () => {
    it('creates the two example posts once, and never again after they are deleted', async () => {
      expect(await seedExamplePosts({ db: t.db, posts: examplePosts, now: at(0) })).toBe(2);
      const posts = await listPublishedPosts(deps());
      expect(posts.posts.map((p) => p.slug)).toEqual(examplePosts.map((p) => p.slug));
      expect(posts.posts.every((p) => p.title.startsWith('Exemplo:'))).toBe(true);
      const rows = await t.db.select().from(blogPosts);
      expect(rows.every((row) => row.isExample)).toBe(true);

      for (const row of rows) await deletePost(deps(), row.id);
      expect(await seedExamplePosts({ db: t.db, posts: examplePosts, now: at(60) })).toBe(0);
      expect(await t.db.select().from(blogPosts)).toEqual([]);
    });

    it('leaves a database that already has posts alone', async () => {
      await createPost(deps(), { title: 'Post real' });
      expect(await seedExamplePosts({ db: t.db, posts: examplePosts })).toBe(0);
      expect((await listAllPosts(deps())).map((p) => p.title)).toEqual(['Post real']);
    });
  });

  describe('cover images', () => {
    it('stores AVIF and WebP in three widths with their sizes, and serves each variant', async () => {
      const cover = await storeCover({ db: t.db }, await image(2000, 1000, 'jpeg'));
      expect(cover).toMatchObject({ width: 2000, height: 1000 });
      expect(cover.variants.map((v) => `${v.format}-${v.width}x${v.height}`).sort()).toEqual([
        'avif-1440x720',
        'avif-480x240',
        'avif-960x480',
        'webp-1440x720',
        'webp-480x240',
        'webp-960x480',
      ]);

      const avif = await getCoverVariant({ db: t.db }, cover.id, 960, 'avif');
      const meta = await sharp(Buffer.from(avif!.data)).metadata();
      expect(meta).toMatchObject({ format: 'heif', width: 960, height: 480 });
      const webp = await getCoverVariant({ db: t.db }, cover.id, 480, 'webp');
      expect(await sharp(Buffer.from(webp!.data)).metadata()).toMatchObject({ format: 'webp', width: 480 });
      expect(await getCoverVariant({ db: t.db }, cover.id, 123, 'webp')).toBeUndefined();

      const sizes = await getCoverSizes({ db: t.db }, [cover.id]);
      expect(sizes.get(cover.id)).toEqual({ id: cover.id, widths: [480, 960, 1440], width: 1440, height: 720 });
    });

    it('never enlarges a narrow original', async () => {
      const cover = await storeCover({ db: t.db }, await image(700, 350, 'png'));
      expect([...new Set(cover.variants.map((v) => v.width))]).toEqual([480, 700]);
    });

    it('accepts WebP and PNG by content', async () => {
      await expect(storeCover({ db: t.db }, await image(300, 200, 'webp'))).resolves.toMatchObject({ width: 300 });
      await expect(storeCover({ db: t.db }, await image(300, 200, 'png'))).resolves.toMatchObject({ width: 300 });
    });

    it.each([
      [
        'a GIF',
        () => Promise.resolve(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;')),
        'type',
        coverMessages.invalidType,
      ],
      [
        'text named like an image',
        () => Promise.resolve(Buffer.from('<svg onload="alert(1)"></svg>')),
        'type',
        coverMessages.invalidType,
      ],
      [
        'a PNG over 5 MB',
        async () => Buffer.concat([await image(300, 200, 'png'), Buffer.alloc(MAX_COVER_BYTES)]),
        'size',
        coverMessages.tooLarge,
      ],
      [
        'a truncated JPEG',
        async () => (await image(800, 600, 'jpeg')).subarray(0, 200),
        'unreadable',
        coverMessages.unreadable,
      ],
      ['a tiny image', () => image(100, 100, 'png'), 'small', coverMessages.tooSmall],
    ])('refuses %s', async (_name, make, reason, message) => {
      const error = await rejection(storeCover({ db: t.db }, await make()));
      expect(error).toBeInstanceOf(CoverUploadError);
      expect(error).toMatchObject({ reason, message });
      expect(await t.db.select({ id: blogImages.id }).from(blogImages)).toEqual([]);
    });

    it('a deleted post takes its cover with it; replacing a cover drops the old one', async () => {
      const first = await storeCover({ db: t.db }, await image(600, 300, 'png'));
      const second = await storeCover({ db: t.db }, await image(600, 300, 'png'));
      const post = await createPost(deps(), { title: 'Com capa', coverImageId: first.id, coverAlt: 'Chaves' });
      await updatePost(deps(), post.id, { title: 'Com capa', coverImageId: second.id, coverAlt: 'Chaves novas' });
      const remaining = async () => (await t.db.select({ id: blogImages.id }).from(blogImages)).map((row) => row.id);
      expect(await remaining()).toEqual([second.id]);
      expect(await deletePost(deps(), post.id)).toBe(true);
      expect(await remaining()).toEqual([]);
      expect(await t.db.select().from(blogImageVariants).where(eq(blogImageVariants.imageId, second.id))).toEqual([]);
    });
  });
});
