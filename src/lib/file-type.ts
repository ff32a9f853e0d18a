/**
 * Recognises the identity-document files the implementation form accepts (PDF, JPEG,
 * PNG) by their first bytes. A file's name and the browser's MIME type are whatever the
 * sender says; the content is what an admin will open. Pure functions over a Uint8Array,
 * so the browser (reading `file.slice(0, SNIFF_BYTES)`) and the server (reading the first
 * chunk of the upload stream) decide the same way. Three fixed signatures are the whole
 * job, so no detection library: one knowing hundreds of formats would add only weight to
 * the form's bundle and formats we refuse anyway.
 */

/** Largest CNH file accepted (SPEC §9: 5 MB). */
export const MAX_CNH_BYTES = 5 * 1024 * 1024;

/** How many leading bytes `detectDocumentKind` needs (the PNG signature is the longest). */
export const SNIFF_BYTES = 8;

export type DocumentKind = 'pdf' | 'jpeg' | 'png';

const SIGNATURES: ReadonlyArray<{ kind: DocumentKind; bytes: readonly number[] }> = [
  // "%PDF-"
  { kind: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  // SOI marker followed by the start of the next marker.
  { kind: 'jpeg', bytes: [0xff, 0xd8, 0xff] },
  // \x89 "PNG" \r \n \x1a \n
  { kind: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

/** MIME type served for each kind (the download endpoint trusts this, not the upload's claim). */
export const MIME_BY_KIND: Readonly<Record<DocumentKind, string>> = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** File extension for each kind. */
export const EXTENSION_BY_KIND: Readonly<Record<DocumentKind, string>> = {
  pdf: 'pdf',
  jpeg: 'jpg',
  png: 'png',
};

/** What the file input's `accept` attribute offers; the content check is what decides. */
export const ACCEPT_ATTRIBUTE = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

/**
 * The kind of document the leading bytes belong to, or null when they are none of
 * PDF, JPEG or PNG.
 * @example detectDocumentKind(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31])) // "pdf"
 * @example detectDocumentKind(new TextEncoder().encode('hello'))                    // null
 */
export function detectDocumentKind(head: Uint8Array): DocumentKind | null {
  for (const { kind, bytes } of SIGNATURES) {
    if (head.length >= bytes.length && bytes.every((byte, i) => head[i] === byte)) return kind;
  }
  return null;
}

/** Longest name part kept from an upload's file name, in characters. */
export const MAX_FILE_STEM = 80;

/** What a document is called when its upload's name leaves nothing usable. */
const FALLBACK_STEM = 'documento';

/**
 * The name a stored document is shown and downloaded under: the upload's name reduced
 * to letters, digits, spaces, '-' and '_' (no dots, slashes, control or bidi characters,
 * so nothing of it can read as a path, a link or a second extension), ended by the
 * extension of the kind recognised from the content. The uploader chooses the words,
 * never the type: a PDF sent as `evil.html` is `evil.pdf`. Applying it twice changes nothing.
 * @example documentFileName('evil.html', 'pdf')           // "evil.pdf"
 * @example documentFileName('CNH João.PNG', 'jpeg')        // "CNH João.jpg"
 * @example documentFileName('www.evil.com.pdf', 'pdf')     // "www_evil_com.pdf"
 * @example documentFileName('C:\\fotos\\cnh.png', 'png')  // "cnh.png"
 * @example documentFileName('???.pdf', 'pdf')             // "documento.pdf"
 */
export function documentFileName(uploadName: string, kind: DocumentKind): string {
  // Old browsers send the full client path; only the last part is the file's name.
  const base = uploadName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const stem = Array.from(
    (dot > 0 ? base.slice(0, dot) : base)
      .normalize('NFC')
      .replace(/[^\p{L}\p{M}\p{N} _-]+/gu, '_')
      .replace(/\s+/g, ' ')
      .replace(/_+/g, '_')
      .replace(/^[\s_-]+|[\s_-]+$/g, ''),
  )
    .slice(0, MAX_FILE_STEM)
    .join('')
    .trim();
  return `${stem || FALLBACK_STEM}.${EXTENSION_BY_KIND[kind]}`;
}

/**
 * The same name in printable ASCII, for the plain `filename=` of Content-Disposition:
 * accents dropped, anything else outside [A-Za-z0-9 ._-] replaced by '_'.
 * @example asciiFileName('CNH João.pdf') // "CNH Joao.pdf"
 */
export function asciiFileName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9 ._-]/g, '_');
}

export type DocumentCheck = { ok: true; kind: DocumentKind } | { ok: false; reason: 'type' | 'size' };

/**
 * The whole acceptance rule for a CNH file: a recognised type first, then the size limit.
 * @example checkDocument(pngHead, 1024)               // { ok: true, kind: "png" }
 * @example checkDocument(pngHead, MAX_CNH_BYTES + 1)  // { ok: false, reason: "size" }
 */
export function checkDocument(head: Uint8Array, size: number): DocumentCheck {
  const kind = detectDocumentKind(head);
  if (!kind) return { ok: false, reason: 'type' };
  if (size > MAX_CNH_BYTES) return { ok: false, reason: 'size' };
  return { ok: true, kind };
}
