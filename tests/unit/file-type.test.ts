import { describe, expect, it } from 'vitest';
import {
  MAX_CNH_BYTES,
  MAX_FILE_STEM,
  SNIFF_BYTES,
  asciiFileName,
  checkDocument,
  detectDocumentKind,
  documentFileName,
} from '~/lib/file-type';

const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => new TextEncoder().encode(text);

const PDF = ascii('%PDF-1.7\n%âãÏÓ');
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d);

describe('detectDocumentKind', () => {
  it.each([
    ['pdf', PDF],
    ['jpeg', JPEG],
    ['jpeg', bytes(0xff, 0xd8, 0xff, 0xe1)], // EXIF JPEG from a phone camera
    ['png', PNG],
  ] as const)('recognises %s', (kind, head) => expect(detectDocumentKind(head)).toBe(kind));

  it('needs no more than SNIFF_BYTES', () => {
    for (const head of [PDF, JPEG, PNG]) {
      expect(detectDocumentKind(head.slice(0, SNIFF_BYTES))).toBe(detectDocumentKind(head));
    }
  });

  it.each([
    ['empty', bytes()],
    ['plain text', ascii('hello, world')],
    ['a GIF', ascii('GIF89a')],
    ['a ZIP (also .docx)', bytes(0x50, 0x4b, 0x03, 0x04)],
    ['a truncated PNG signature', PNG.slice(0, 7)],
    ['a PNG signature with one byte wrong', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b)],
    ['"%PDF" without the dash', ascii('%PDF1.7')],
    ['"PDF" somewhere after the start', ascii(' %PDF-1.7')],
    ['a JPEG start marker without a following marker', bytes(0xff, 0xd8, 0x00)],
  ])('refuses %s', (_why, head) => expect(detectDocumentKind(head)).toBeNull());
});

describe('checkDocument', () => {
  it('accepts a recognised file up to exactly 5 MB', () => {
    expect(MAX_CNH_BYTES).toBe(5 * 1024 * 1024);
    expect(checkDocument(PNG, MAX_CNH_BYTES)).toEqual({ ok: true, kind: 'png' });
    expect(checkDocument(PDF, 1)).toEqual({ ok: true, kind: 'pdf' });
  });

  it('refuses 5 MB + 1 byte', () => {
    expect(checkDocument(JPEG, MAX_CNH_BYTES + 1)).toEqual({ ok: false, reason: 'size' });
  });

  it('refuses unknown content whatever its size', () => {
    expect(checkDocument(ascii('MZ'), 10)).toEqual({ ok: false, reason: 'type' });
    expect(checkDocument(ascii('MZ'), MAX_CNH_BYTES + 1)).toEqual({ ok: false, reason: 'type' });
  });
});

describe('documentFileName', () => {
  it.each([
    ['evil.html', 'pdf', 'evil.pdf'],
    ['documento.pdf', 'png', 'documento.png'],
    ['CNH João.PNG', 'jpeg', 'CNH João.jpg'],
    ['www.evil.com.pdf', 'pdf', 'www_evil_com.pdf'],
    ['C:\\fotos\\cnh.png', 'png', 'cnh.png'],
    ['../../etc/passwd', 'pdf', 'passwd.pdf'],
    ['cnh\u202Egpj.exe', 'jpeg', 'cnh_gpj.jpg'],
    ['a\u0000b\nc.pdf', 'pdf', 'a_b_c.pdf'],
    ['???.pdf', 'pdf', 'documento.pdf'],
    ['', 'png', 'documento.png'],
    ['.pdf', 'pdf', 'pdf.pdf'],
  ] as const)('%j as %s is %j', (name, kind, expected) => expect(documentFileName(name, kind)).toBe(expected));

  it('keeps at most MAX_FILE_STEM characters of the name, and a second pass changes nothing', () => {
    const long = documentFileName(`${'ã'.repeat(500)}.pdf`, 'pdf');
    expect(long).toBe(`${'ã'.repeat(MAX_FILE_STEM)}.pdf`);
    for (const name of [long, 'evil.pdf', 'CNH João.jpg', 'documento.png']) {
      expect(documentFileName(name, 'pdf').replace(/\.pdf$/, '')).toBe(name.replace(/\.\w+$/, ''));
    }
  });
});

describe('asciiFileName', () => {
  it('drops accents and replaces what is not printable ASCII', () => {
    expect(asciiFileName('CNH João.pdf')).toBe('CNH Joao.pdf');
    expect(asciiFileName('文件.png')).toBe('__.png');
    expect(asciiFileName('a"b\\c.pdf')).toBe('a_b_c.pdf');
  });
});
