import { describe, expect, it } from 'vitest';
import {
  checkCoverUpload,
  coverSrcset,
  coverUrl,
  coverWidthsFor,
  detectImageFormat,
  MAX_COVER_BYTES,
  parseCoverFileName,
} from '../../src/lib/cover-image';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])));

const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10);
const PNG = bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d);
const WEBP = bytes('RIFF', 0x24, 0, 0, 0, 'WEBPVP8 ');

describe('detectImageFormat', () => {
  it.each([
    ['JPEG', JPEG, 'jpeg'],
    ['PNG', PNG, 'png'],
    ['WebP', WEBP, 'webp'],
    ['GIF', bytes('GIF89a'), null],
    ['RIFF that is not WebP (WAV)', bytes('RIFF', 0x24, 0, 0, 0, 'WAVEfmt '), null],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg">'), null],
    ['PDF', bytes('%PDF-1.7'), null],
    ['empty', bytes(), null],
    ['a cut PNG signature', PNG.subarray(0, 4), null],
  ])('%s', (_name, head, expected) => {
    expect(detectImageFormat(head)).toBe(expected);
  });
});

describe('checkCoverUpload', () => {
  it('checks the type first, then the 5 MB limit', () => {
    expect(checkCoverUpload(PNG, 1024)).toEqual({ ok: true, format: 'png' });
    expect(checkCoverUpload(PNG, MAX_COVER_BYTES)).toEqual({ ok: true, format: 'png' });
    expect(checkCoverUpload(PNG, MAX_COVER_BYTES + 1)).toEqual({ ok: false, reason: 'size' });
    expect(checkCoverUpload(bytes('GIF89a'), MAX_COVER_BYTES + 1)).toEqual({ ok: false, reason: 'type' });
  });
});

describe('coverWidthsFor', () => {
  it.each([
    [4000, [480, 960, 1440]],
    [1440, [480, 960, 1440]],
    [1000, [480, 960, 1000]],
    [480, [480]],
    [300, [300]],
  ])('%i px → %j', (width, expected) => {
    expect(coverWidthsFor(width)).toEqual(expected);
  });
});

describe('cover URLs', () => {
  const id = '7d2f1c7e-8c1b-4a3e-9b1a-2f6d6c1e9a10';

  it('round-trips a variant file name', () => {
    expect(coverUrl(id, 960, 'avif')).toBe(`/blog/imagens/${id}-960.avif`);
    expect(parseCoverFileName(`${id}-960.avif`)).toEqual({ imageId: id, width: 960, format: 'avif' });
  });

  it.each([`${id}-960.jpg`, `${id}-0960.webp`, `${id}.webp`, `../${id}-960.webp`, `${id}-960.webp.exe`, 'x-960.webp'])(
    'refuses %s',
    (name) => {
      expect(parseCoverFileName(name)).toBeNull();
    },
  );

  it('builds a srcset', () => {
    expect(coverSrcset('abc', [480, 960], 'webp')).toBe(
      '/blog/imagens/abc-480.webp 480w, /blog/imagens/abc-960.webp 960w',
    );
  });
});
