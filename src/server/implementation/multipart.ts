/*
 * Reads the implementation form's multipart body as it streams in (busboy), never
 * holding more than what will be stored: at most two 5 MB documents plus a few short
 * text fields. The content of each file is checked by its first bytes; a file past
 * 5 MB stops being kept at once (the rest is read and dropped, bounded by the request
 * limit), and a request larger than the whole form can be is cut off. A document the
 * island sent beforehand in chunks comes as its upload token instead (`uploads`).
 */
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { MAX_CNH_BYTES, SNIFF_BYTES, detectDocumentKind, documentFileName } from '~/lib/file-type';
import { UPLOAD_TOKEN_FIELDS } from '~/lib/document-upload';
import { CONSENT_VERSION_FIELD } from '~/lib/consent-notice';
import { IMPLEMENTATION_FIELDS } from '~/lib/validation/implementation';
import type { UploadedDocument } from './implementation.service';
import { FILE_FIELDS, UploadRejected, invalidType, malformed, tooLarge, type FileField } from './upload-rejected';

export { FILE_FIELDS, UploadRejected, tooLarge, type FileField };

/** Longest text field accepted; no field of the form comes near it. */
const MAX_FIELD_BYTES = 4 * 1024;
/** The largest body a legitimate form can produce: two full documents and the text fields, with margin. */
export const MAX_REQUEST_BYTES = 2 * MAX_CNH_BYTES + 64 * 1024;

export interface ParsedUpload {
  fields: Record<string, string>;
  /** Documents sent inside the form (a post without JavaScript). */
  files: Partial<Record<FileField, UploadedDocument>>;
  /** Upload tokens of documents sent beforehand in chunks (src/lib/document-upload.ts). */
  uploads: Partial<Record<FileField, string>>;
}

const isTextField = (name: string) =>
  (IMPLEMENTATION_FIELDS as readonly string[]).includes(name) || name === CONSENT_VERSION_FIELD;
const isFileField = (name: string): name is FileField => (FILE_FIELDS as readonly string[]).includes(name);
const slotOfToken = (name: string): FileField | undefined =>
  FILE_FIELDS.find((field) => UPLOAD_TOKEN_FIELDS[field] === name);

/**
 * Parses the body. Throws `UploadRejected` for a declared or actual size over
 * MAX_REQUEST_BYTES, a file over MAX_CNH_BYTES, a file that is not PDF/JPEG/PNG, or a
 * body that is not multipart.
 */
export async function readImplementationUpload(
  headers: Headers,
  body: ReadableStream<Uint8Array> | null,
): Promise<ParsedUpload> {
  const contentType = headers.get('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(contentType) || !body) throw malformed();
  const declared = Number(headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_REQUEST_BYTES) throw tooLarge();

  const fields: Record<string, string> = {};
  const files: ParsedUpload['files'] = {};
  const uploads: ParsedUpload['uploads'] = {};
  // The first problem found wins; the rest of the body is still read (and dropped) so the
  // client gets the answer instead of a reset connection.
  let rejection: UploadRejected | undefined;
  const reject = (error: UploadRejected) => (rejection ??= error);

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // busboy signals 'limit' when a file *reaches* fileSize: one byte more than allowed.
      limits: {
        fileSize: MAX_CNH_BYTES + 1,
        files: FILE_FIELDS.length,
        fields: 32,
        fieldSize: MAX_FIELD_BYTES,
        parts: 40,
      },
    });
  } catch {
    throw malformed();
  }

  parser.on('field', (name, value, info) => {
    const slot = slotOfToken(name);
    if (info.valueTruncated) reject(malformed());
    else if (isTextField(name)) fields[name] = value;
    // An empty token is an empty slot; which token is real is the upload service's question.
    else if (slot && value) uploads[slot] = value;
  });

  parser.on('file', (name, stream, info) => {
    if (!isFileField(name) || files[name]) {
      stream.on('error', () => undefined);
      stream.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let dropped = false;
    const drop = (error: UploadRejected) => {
      dropped = true;
      chunks.length = 0;
      reject(error);
    };
    stream.on('data', (chunk: Buffer) => {
      if (dropped) return;
      size += chunk.length;
      chunks.push(chunk);
      if (size >= SNIFF_BYTES && chunks.length === 1 && !detectDocumentKind(chunk)) drop(invalidType(name));
    });
    stream.on('limit', () => drop(tooLarge(name)));
    // A body cut off mid-file destroys the file stream with the cut-off's error, reported below.
    stream.on('error', () => {
      dropped = true;
      chunks.length = 0;
    });
    stream.on('end', () => {
      // A file input left empty still sends a part with no name and no bytes.
      if (dropped || (size === 0 && !info.filename)) return;
      const content = Buffer.concat(chunks, size);
      const kind = detectDocumentKind(content.subarray(0, SNIFF_BYTES));
      if (!kind) return void drop(invalidType(name));
      // The sender picks the words of the name, the content its extension (no `evil.html` PDF).
      files[name] = { name: documentFileName(info.filename || name, kind), kind, content };
    });
  });

  parser.on('filesLimit', () => reject(malformed()));
  parser.on('fieldsLimit', () => reject(malformed()));
  parser.on('partsLimit', () => reject(malformed()));

  // Counts what actually arrives: a body without (or lying about) Content-Length is cut off.
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (received > MAX_REQUEST_BYTES) return callback();
      received += chunk.length;
      if (received > MAX_REQUEST_BYTES) callback(tooLarge());
      else callback(null, chunk);
    },
  });

  // busboy emits 'close' once every file stream has ended too, not just the parser.
  const closed = new Promise<void>((resolve) => parser.once('close', () => resolve()));
  try {
    await pipeline(Readable.fromWeb(body as NodeWebReadableStream<Uint8Array>), counter, parser);
    await closed;
  } catch (error) {
    if (error instanceof UploadRejected) throw error;
    throw rejection ?? malformed();
  }
  if (rejection) throw rejection;
  // One document per slot: sent in the form or uploaded beforehand, not both.
  if (FILE_FIELDS.some((slot) => files[slot] && uploads[slot])) throw malformed();
  return { fields, files, uploads };
}
