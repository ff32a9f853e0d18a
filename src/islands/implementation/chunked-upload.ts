/*
 * Sends one document to the server in chunks before the form is posted (src/lib/
 * document-upload.ts says why): declare it with its SHA-256, then PUT each chunk, each
 * one retried once if the connection drops. The form then posts the token it got.
 */
import {
  CHUNK_INDEX_HEADER,
  UPLOAD_ENDPOINT,
  UPLOAD_TOKEN_HEADER,
  chunkCount,
  chunkRange,
  toHex,
} from '~/lib/document-upload';
import { Unavailable, requestJson, type Reply } from '../ui/request-failure';
import { send } from './transport';

/** Tries per chunk: a dropped connection on a phone is worth one more go before the visitor hears of it. */
const ATTEMPTS = 2;

export type UploadResult = { ok: true; token: string } | { ok: false; answer: Reply | Unavailable };

/**
 * Whether this browser can hash the file (Web Crypto exists only in secure contexts: HTTPS
 * or localhost). Where it cannot, the form sends the file inside the post instead, which
 * the Node target takes as before.
 */
export const canUploadInChunks = (): boolean => typeof crypto !== 'undefined' && typeof crypto.subtle !== 'undefined';

/** Uploads `file`, reporting the bytes sent so far; never rejects. */
export async function uploadInChunks(file: File, onProgress: (sentBytes: number) => void): Promise<UploadResult> {
  const sha256 = toHex(await crypto.subtle.digest('SHA-256', await file.arrayBuffer()));
  const started = await requestJson(UPLOAD_ENDPOINT, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ size: file.size, sha256, name: file.name }),
  });
  if (started instanceof Unavailable || !started.ok) return { ok: false, answer: started };
  const { token, chunkBytes } = (started.body ?? {}) as { token?: string; chunkBytes?: number };
  if (typeof token !== 'string' || typeof chunkBytes !== 'number' || chunkBytes < 1) {
    return { ok: false, answer: new Unavailable('server', started.status) };
  }

  for (let index = 0; index < chunkCount(file.size, chunkBytes); index++) {
    const [start, end] = chunkRange(file.size, chunkBytes, index);
    let answer: Reply | Unavailable = new Unavailable('network');
    for (let attempt = 0; attempt < ATTEMPTS && answer instanceof Unavailable; attempt++) {
      ({ answer } = await send({
        method: 'PUT',
        url: UPLOAD_ENDPOINT,
        body: file.slice(start, end, 'application/octet-stream'),
        headers: { [UPLOAD_TOKEN_HEADER]: token, [CHUNK_INDEX_HEADER]: String(index) },
        onProgress: (loaded) => onProgress(start + loaded),
      }));
    }
    if (answer instanceof Unavailable || !answer.ok) return { ok: false, answer };
    onProgress(end);
  }
  return { ok: true, token };
}
