/*
 * Reading the two requests of the chunked upload (src/lib/document-upload.ts): the JSON
 * declaration that starts one, and a chunk — token and index in headers, raw bytes in the
 * body, never more than CHUNK_BYTES read. Anything else is an `UploadRejected`.
 */
import { CHUNK_BYTES, CHUNK_INDEX_HEADER, UPLOAD_TOKEN_HEADER } from '~/lib/document-upload';
import type { UploadDeclaration } from './document-uploads';
import { malformed, tooLarge } from './upload-rejected';

/** The declaration's fields, as sent; `startUpload` judges the values. */
export async function readDeclaration(request: Request): Promise<UploadDeclaration> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw malformed();
  }
  const { size, sha256, name } = (body ?? {}) as Record<string, unknown>;
  if (typeof size !== 'number' || typeof sha256 !== 'string' || (name !== undefined && typeof name !== 'string')) {
    throw malformed();
  }
  return { size, sha256, name: name ?? '' };
}

export interface ChunkRequest {
  token: string;
  index: number;
  content: Uint8Array;
}

/** A chunk's token, index and bytes; a body over CHUNK_BYTES is refused (413) without reading the rest. */
export async function readChunk(request: Request): Promise<ChunkRequest> {
  const token = request.headers.get(UPLOAD_TOKEN_HEADER) ?? '';
  const indexText = request.headers.get(CHUNK_INDEX_HEADER) ?? '';
  if (!token || !/^\d{1,4}$/.test(indexText)) throw malformed();
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > CHUNK_BYTES) throw tooLarge();

  const parts: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > CHUNK_BYTES) {
        reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      parts.push(value);
    }
  }
  return { token, index: Number(indexText), content: Buffer.concat(parts, size) };
}
