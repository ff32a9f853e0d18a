import { describe, expect, it } from 'vitest';
import { postLimits, postValidationMessages as m } from '../../src/messages/blog';
import { fieldErrors, normalizeTags, postInputSchema } from '../../src/lib/validation/post';

const COVER_ID = '7d2f1c7e-8c1b-4a3e-9b1a-2f6d6c1e9a10';

function errorsOf(input: unknown): Record<string, string> {
  const result = postInputSchema.safeParse(input);
  expect(result.success).toBe(false);
  return fieldErrors(result.error!);
}

describe('postInputSchema', () => {
  it('fills defaults and derives the slug from the title', () => {
    expect(postInputSchema.parse({ title: '  Gestão de Imóveis ' })).toEqual({
      title: 'Gestão de Imóveis',
      slug: 'gestao-de-imoveis',
      excerpt: '',
      body: '',
      tags: [],
      status: 'draft',
      seoTitle: '',
      seoDescription: '',
      coverImageId: null,
      coverAlt: '',
    });
  });

  it('keeps an edited slug, lower-cased', () => {
    expect(postInputSchema.parse({ title: 'Qualquer', slug: ' Meu-Post-2 ' }).slug).toBe('meu-post-2');
  });

  it('parses tags from a comma-separated text, without duplicates', () => {
    expect(postInputSchema.parse({ title: 't', tags: 'Gestão,  gestao , IPCA,, inquilinos ' }).tags).toEqual([
      'Gestão',
      'IPCA',
      'inquilinos',
    ]);
  });

  it.each([
    [{ title: '' }, { title: m.titleRequired }],
    [{ title: '   ' }, { title: m.titleRequired }],
    [{}, { title: m.titleRequired }],
    [{ title: 'x'.repeat(postLimits.title + 1) }, { title: m.titleMax }],
    [{ title: 'ok', slug: 'com espaço' }, { slug: m.slugInvalid }],
    [{ title: 'ok', slug: 'acentuação' }, { slug: m.slugInvalid }],
    [{ title: 'ok', slug: 'a'.repeat(81) }, { slug: m.slugMax }],
    [{ title: 'Admin' }, { slug: m.slugReserved }],
    [{ title: '!!!' }, { slug: m.slugInvalid }],
    [{ title: 'ok', excerpt: 'x'.repeat(postLimits.excerpt + 1) }, { excerpt: m.excerptMax }],
    [{ title: 'ok', status: 'published' }, { body: m.bodyRequired }],
    [{ title: 'ok', status: 'published', body: '  \n ' }, { body: m.bodyRequired }],
    [{ title: 'ok', body: 'x'.repeat(postLimits.body + 1) }, { body: m.bodyMax }],
    [{ title: 'ok', status: 'arquivado' }, { status: m.statusInvalid }],
    [{ title: 'ok', tags: Array.from({ length: 11 }, (_, i) => `tag ${i}`) }, { tags: m.tagsMax }],
    [{ title: 'ok', tags: ['x'.repeat(postLimits.tag + 1)] }, { tags: m.tagMax }],
    [{ title: 'ok', tags: ['???'] }, { tags: m.tagInvalid }],
    [{ title: 'ok', seoTitle: 'x'.repeat(61) }, { seoTitle: m.seoTitleMax }],
    [{ title: 'ok', seoDescription: 'x'.repeat(161) }, { seoDescription: m.seoDescriptionMax }],
    [{ title: 'ok', coverImageId: 'não-é-uuid' }, { coverImageId: m.coverInvalid }],
    [{ title: 'ok', coverImageId: COVER_ID }, { coverAlt: m.coverAltRequired }],
  ])('%j is refused with %j', (input, expected) => {
    expect(errorsOf(input)).toEqual(expected);
  });

  it('reports every problem at once, the publish rules included', () => {
    expect(errorsOf({ title: '', status: 'published', seoTitle: 'x'.repeat(61) })).toEqual({
      title: m.titleRequired,
      seoTitle: m.seoTitleMax,
      body: m.bodyRequired,
    });
  });

  it('accepts SEO texts exactly at their limits and a cover with alt text', () => {
    const post = postInputSchema.parse({
      title: 'ok',
      seoTitle: 'x'.repeat(60),
      seoDescription: 'y'.repeat(160),
      coverImageId: COVER_ID,
      coverAlt: 'Chaves sobre a mesa',
      status: 'published',
      body: 'Texto.',
    });
    expect(post.seoTitle).toHaveLength(60);
    expect(post.seoDescription).toHaveLength(160);
    expect(post.coverImageId).toBe(COVER_ID);
  });

  it('messages are Portuguese and name the limits', () => {
    expect(m.seoTitleMax).toBe('O título para SEO deve ter no máximo 60 caracteres');
    expect(m.seoDescriptionMax).toBe('A descrição para SEO deve ter no máximo 160 caracteres');
  });

  it('refuses a body that is not an object', () => {
    expect(postInputSchema.safeParse(null).success).toBe(false);
    expect(postInputSchema.safeParse('título').success).toBe(false);
  });
});

describe('normalizeTags', () => {
  it('leaves non-text input for the schema to refuse', () => {
    expect(normalizeTags(42)).toBe(42);
    expect(normalizeTags([1, 'a'])).toEqual([1, 'a']);
  });
});
