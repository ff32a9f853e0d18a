/*
 * A document refused on its way in, by the multipart form or the chunked upload: the status,
 * a reason for the log, the pt-BR message the visitor reads, and the form's file slot when
 * known. Routes answer it as `{ error, stage: 'upload' }`.
 */
import { fileMessages, uploadMessages } from '~/copy/messages/implementation';

export const FILE_FIELDS = ['cnh', 'responsavelCnh'] as const;
export type FileField = (typeof FILE_FIELDS)[number];

export type RejectionReason =
  | 'type'
  | 'size'
  | 'request-too-large'
  | 'malformed'
  | 'incomplete'
  | 'corrupted'
  | 'expired'
  | 'resent'
  | 'client-busy'
  | 'storage-full'
  | 'daily-documents'
  | 'pending-documents-full';

export class UploadRejected extends Error {
  override name = 'UploadRejected';
  constructor(
    readonly status: 400 | 410 | 413 | 415 | 429 | 507,
    readonly reason: RejectionReason,
    message: string,
    readonly field?: FileField,
  ) {
    super(message);
  }
}

export const tooLarge = (field?: FileField) =>
  new UploadRejected(413, 'size', fileMessages.tooLarge.description, field);
export const invalidType = (field?: FileField) =>
  new UploadRejected(400, 'type', fileMessages.invalid.description, field);
export const malformed = () => new UploadRejected(400, 'malformed', uploadMessages.malformed);
/** A chunk is missing: the browser stopped or lost a request. */
export const incomplete = (field?: FileField) =>
  new UploadRejected(400, 'incomplete', uploadMessages.incomplete, field);
/** The chunks are all there but are not the file the browser declared. */
export const corrupted = (field?: FileField) => new UploadRejected(400, 'corrupted', uploadMessages.corrupted, field);
/** No such upload, or its time ran out (it has been or will be deleted): 410 Gone. */
export const expired = (field?: FileField) => new UploadRejected(410, 'expired', uploadMessages.expired, field);
/** The upload already took its declared size twice over: a client resending chunks without end. */
export const resentTooOften = () => new UploadRejected(429, 'resent', uploadMessages.resentTooOften);
/** The client's address already holds UPLOAD_CLIENT_MAX_BYTES of unfinished uploads. */
export const clientBusy = () => new UploadRejected(429, 'client-busy', uploadMessages.clientBusy);
/** All unfinished uploads together reached UPLOAD_TOTAL_MAX_BYTES: 507 Insufficient Storage. */
export const storageFull = () => new UploadRejected(507, 'storage-full', uploadMessages.storageFull);
/** The client's address already stored DOCUMENTS_PER_CLIENT_PER_DAY documents within a day. */
export const dailyDocumentsReached = () =>
  new UploadRejected(429, 'daily-documents', uploadMessages.dailyDocumentsReached);
/** Requests not yet handled hold PENDING_DOCUMENTS_MAX_BYTES of documents: 507 Insufficient Storage. */
export const pendingDocumentsFull = () =>
  new UploadRejected(507, 'pending-documents-full', uploadMessages.pendingDocumentsFull);
