/**
 * The chunked upload of identity documents, as both sides see it (the island sends, the
 * server in src/server/implementation/document-uploads.ts receives).
 *
 * Why chunks: a Netlify function takes at most 6 MB per request and carries a binary body
 * base64-encoded, so one request holds about 4.5 MB of file — less than the 5 MB a CNH may
 * have, and a request holds only one of the two documents the form offers. The browser
 * therefore (1) declares the file (size, SHA-256, name) and gets an upload token back,
 * (2) sends the bytes in CHUNK_BYTES pieces, each its own small request, and (3) posts the
 * form with the token in place of the file. The server checks the assembled file (every
 * chunk there, the SHA-256 declared, the type by its first bytes, the 5 MB limit) in the
 * request's own transaction. The same code runs on both targets; a form posted without
 * JavaScript still sends the file inside the form (fine on Node, about 4.5 MB on Netlify).
 */

/** Where the form posts (multipart), with a token in place of each file sent in chunks. */
export const SUBMIT_ENDPOINT = '/api/implementacao';

/** Where the same form posts without JavaScript: the answer is a page (a redirect to /obrigado on success). */
export const NO_SCRIPT_SUBMIT_PAGE = '/implementacao-sistema/enviar';

/** Where uploads start (POST, JSON) and chunks go (PUT, raw bytes). */
export const UPLOAD_ENDPOINT = '/api/implementacao-documentos';

/**
 * Bytes per chunk: 2 MiB is about 2.7 MB once base64-encoded, far from the 6 MB limit even
 * with headers, and a 5 MB document is three requests.
 */
export const CHUNK_BYTES = 2 * 1024 * 1024;

/** The upload token rides in a header, not the URL, so no access log or route name records it. */
export const UPLOAD_TOKEN_HEADER = 'X-Upload-Token';
export const CHUNK_INDEX_HEADER = 'X-Chunk-Index';

/** The form field that carries the upload token of each document slot, instead of the file. */
export const UPLOAD_TOKEN_FIELDS = { cnh: 'cnhUpload', responsavelCnh: 'responsavelCnhUpload' } as const;

/** 32 random bytes, base64url: what the server hands out as an upload token. */
export const UPLOAD_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A SHA-256 digest in lower-case hex. */
export const SHA256_PATTERN = /^[0-9a-f]{64}$/;

/**
 * How many chunks a file of `size` bytes takes.
 * @example chunkCount(5 * 1024 * 1024, 2 * 1024 * 1024) // 3
 * @example chunkCount(1, 2 * 1024 * 1024)               // 1
 */
export function chunkCount(size: number, chunkBytes = CHUNK_BYTES): number {
  return Math.ceil(size / chunkBytes);
}

/**
 * The byte range [start, end) of chunk `index`.
 * @example chunkRange(5_000_000, 2 * 1024 * 1024, 2) // [4194304, 5000000]
 */
export function chunkRange(size: number, chunkBytes: number, index: number): [number, number] {
  const start = index * chunkBytes;
  return [start, Math.min(size, start + chunkBytes)];
}

/**
 * A digest as lower-case hex.
 * @example toHex(new Uint8Array([0, 255])) // "00ff"
 */
export function toHex(bytes: ArrayBuffer | Uint8Array): string {
  return Array.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}
