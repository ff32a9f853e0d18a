/*
 * The blog editor's form values (src/islands/post-editor/form-values.ts): a stored post as
 * the form shows it, and what counts as an unsaved change.
 */
import { describe, expect, it } from 'vitest';
import { controlName, coverOf, snapshot, valuesOf } from '~/islands/post-editor/form-values';
import type { EditorPost } from '~/lib/validation/post';

const stored: EditorPost = {
  id: '00000000-0000-4000-8000-000000000001',
  title: 'Reajuste',
  slug: 'reajuste',
  excerpt: '',
  body: 'Texto.',
  tags: ['IGP-M', 'Gestão'],
  status: 'published',
  seoTitle: '',
  seoDescription: '',
  coverImageId: '00000000-0000-4000-8000-000000000002',
  coverAlt: 'Capa',
  publishedAt: '2026-11-01T12:00:00.000Z',
  updatedAt: '2026-11-02T12:00:00.000Z',
  cover: {
    id: '00000000-0000-4000-8000-000000000002',
    previewUrl: '/blog/imagens/x-480.webp',
    width: 1440,
    height: 810,
  },
};

describe('valuesOf', () => {
  it('shows tags as one comma-separated text and keeps the status and cover', () => {
    expect(valuesOf(stored)).toMatchObject({
      tags: 'IGP-M, Gestão',
      status: 'published',
      coverImageId: stored.cover!.id,
    });
  });
  it('starts a new post as an empty draft', () => {
    expect(valuesOf(null)).toMatchObject({ title: '', tags: '', status: 'draft', coverImageId: null });
  });
});

describe('snapshot', () => {
  const saved = snapshot(valuesOf(stored), coverOf(stored));
  it('changes with a typed field or the cover', () => {
    expect(snapshot({ ...valuesOf(stored), title: 'Outro' }, coverOf(stored))).not.toBe(saved);
    expect(snapshot(valuesOf(stored), null)).not.toBe(saved);
  });
  it('ignores the status a button set and the order values come in', () => {
    const { title, ...rest } = valuesOf(stored);
    expect(snapshot({ ...rest, title, status: 'draft' }, coverOf(stored))).toBe(saved);
  });
});

it("the cover's error focuses its file input", () => {
  expect(controlName('coverImageId')).toBe('cover');
  expect(controlName('slug')).toBe('slug');
});
