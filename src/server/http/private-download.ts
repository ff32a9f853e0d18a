/*
 * The response headers of a stored private file sent to an admin (identity documents).
 *
 * Everything about how the browser treats the bytes comes from what the server
 * recognised in them, never from the upload: the type from the detected kind, the name
 * from documentFileName (the detected kind's extension). On top of that the browser is
 * told to save the file rather than show it, not to guess another type, and — should it
 * show it anyway — to run nothing in it: a PDF/HTML polyglot stays an inert PDF.
 */
import { asciiFileName, documentFileName, MIME_BY_KIND, type DocumentKind } from '~/lib/file-type';
import { NO_STORE } from './cache-control';

export interface PrivateDownload {
  kind: DocumentKind;
  /** The stored name (as uploaded for rows older than documentFileName). */
  name: string;
  size: number;
}

/** RFC 8187 (ex-5987) value-chars: what encodeURIComponent leaves alone minus !'()*. */
const extValue = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `attachment` with a plain ASCII `filename` for old clients and the exact UTF-8 name in
 * `filename*` for the others.
 * @example attachmentDisposition('CNH João.pdf') // "attachment; filename=\"CNH Joao.pdf\"; filename*=UTF-8''CNH%20Jo%C3%A3o.pdf"
 */
export function attachmentDisposition(fileName: string): string {
  return `attachment; filename="${asciiFileName(fileName)}"; filename*=UTF-8''${extValue(fileName)}`;
}

export function privateDownloadHeaders(file: PrivateDownload): Record<string, string> {
  return {
    'Content-Type': MIME_BY_KIND[file.kind],
    'Content-Length': String(file.size),
    'Content-Disposition': attachmentDisposition(documentFileName(file.name, file.kind)),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Cache-Control': NO_STORE,
    'X-Robots-Tag': 'noindex',
  };
}
