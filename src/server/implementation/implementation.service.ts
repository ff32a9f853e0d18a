/*
 * Saving an implementation request (SPEC §4 'Implementation submission phases').
 *
 * One transaction stores the identity documents (consuming the chunked uploads they came
 * from), inserts the request with the password hash and queues the team's notification
 * e-mail: either all of it is saved or none of it. The e-mail is sent by the delivery engine
 * afterwards, with retries, so a mail outage leaves the request saved and the notification
 * on its way once the mail server is back (the spec's order "e-mail only after a
 * successful save", made durable).
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DocumentKind } from '~/lib/file-type';
import { MIME_BY_KIND } from '~/lib/file-type';
import type { ImplementationRequest } from '~/lib/validation/implementation';
import { recordFormConsents } from '../consent/consent-proof';
import type { Config } from '../config';
import type { Db, DbOrTx } from '../db/client';
import { deliveries } from '../db/schema/deliveries';
import { privateFiles, solicitacoesImplementacao } from '../db/schema/implementation';
import type { DeliveryMeta } from '../outbox/outbox';
import type { MailMessage } from '../mail';
import { checkTextFields } from '../security';
import type { ServiceDeps } from '../service-deps';
import { reserveDocumentRoom } from './document-quota';
import {
  checkUpload,
  putChunk,
  startUpload,
  storeUpload,
  type CheckedUpload,
  type UploadDeclaration,
} from './document-uploads';
import { buildImplementationEmail, type StoredDocumentRef } from './implementation-email';
import { hashPassword } from './password';
import { expired, type FileField } from './upload-rejected';

/** `deliveries.subject_type` of the notification e-mails. */
export const IMPLEMENTATION_SUBJECT = 'implementacao';

/**
 * An identity document as received, already checked by content and size: its bytes (sent
 * inside the form), or the chunked upload they wait in (moved over in the request's transaction).
 */
export type UploadedDocument = { name: string; kind: DocumentKind; content: Uint8Array } | CheckedUpload;

export interface ImplementationInput {
  request: ImplementationRequest;
  /** CNH of the person (CPF requests). */
  cnh?: UploadedDocument | undefined;
  /** CNH of the company's responsible person (CNPJ requests). */
  responsavelCnh?: UploadedDocument | undefined;
  /** Proof of consent (LGPD art. 8): the notice version the form showed, and the page it was on. */
  consent?: { version?: string | undefined; page: string } | undefined;
}

export interface ImplementationDeps extends Pick<ServiceDeps, 'db' | 'security' | 'now' | 'rateLimits'> {
  outbox: { enqueueMail: (tx: DbOrTx, message: MailMessage, meta: DeliveryMeta) => Promise<string> };
  /**
   * SITE_URL for the admin download links in the e-mail; LEAD_NOTIFY_TO, the team inbox;
   * LEAD_RATE_LIMIT 'off' turns the per-address daily document cap off with the other limits.
   */
  config: Pick<Config, 'siteUrl' | 'leadNotifyTo'> & Partial<Pick<Config, 'leadRateLimit'>>;
}

/** Who sent it, as the route sees the request. */
export interface ImplementationRequestMeta {
  ip?: string | undefined;
}

/*
 * Names are the only free text of the form (documents, phones and e-mails are already
 * held to strict formats). Markup is stripped and recorded as a security event; the
 * request itself is kept, as with leads.
 */
async function checkNames(
  request: ImplementationRequest,
  meta: ImplementationRequestMeta,
  deps: ImplementationDeps,
): Promise<ImplementationRequest> {
  const names =
    request.tipoDocumento === 'cpf'
      ? { nomeCompleto: request.nomeCompleto }
      : { razaoSocial: request.razaoSocial, responsavelNome: request.responsavelNome };
  const checked = await checkTextFields(names, deps.security, {
    source: 'implementation-form',
    ip: meta.ip,
    email: request.emailAcesso,
  });
  return checked.valid ? request : ({ ...request, ...checked.cleaned } as ImplementationRequest);
}

async function storeDocument(
  tx: DbOrTx,
  document: UploadedDocument,
  field: FileField,
  now: Date,
): Promise<StoredDocumentRef> {
  if ('uploadId' in document) {
    // Gone or changed meanwhile (the same upload submitted twice, a prune): roll the whole request back.
    const id = await storeUpload(tx, document, now);
    if (!id) throw expired(field);
    return { id, name: document.name };
  }
  const [row] = await tx
    .insert(privateFiles)
    .values({
      createdAt: now,
      kind: document.kind,
      mimeType: MIME_BY_KIND[document.kind],
      originalName: document.name,
      size: document.content.byteLength,
      sha256: createHash('sha256').update(document.content).digest('hex'),
      content: document.content,
    })
    .returning({ id: privateFiles.id });
  return { id: row!.id, name: document.name };
}

/** The implementation requests of one runtime (built in src/server/compose.ts). */
export interface ImplementationService {
  create(input: ImplementationInput, meta: ImplementationRequestMeta): Promise<{ id: string }>;
  /** Where a request's notification e-mail stands (see `notificationStatus`). */
  notificationStatus(id: string): Promise<NotificationStatus | null>;
  /** A chunked document upload starts (./document-uploads.ts), held against `clientHash`'s share. */
  startUpload(declared: UploadDeclaration, clientHash: string): Promise<{ token: string; chunkBytes: number }>;
  putChunk(token: string, index: number, content: Uint8Array): Promise<void>;
  /** A finished upload, checked against its declaration, for the form that names its token. */
  checkUpload(token: string, field?: FileField): Promise<CheckedUpload>;
  /** A stored document with its content, for the admin download; null for an unknown id. */
  privateFile(id: string): ReturnType<typeof getPrivateFile>;
}

export function createImplementationService(deps: ImplementationDeps): ImplementationService {
  return {
    create: (input, meta) => createImplementationRequest(input, meta, deps),
    notificationStatus: (id) => notificationStatus(deps.db, id),
    startUpload: (declared, clientHash) => startUpload(deps.db, declared, clientHash, deps.now()),
    putChunk: (token, index, content) => putChunk(deps.db, token, index, content, deps.now()),
    checkUpload: (token, field) => checkUpload(deps.db, token, deps.now(), field),
    privateFile: (id) => getPrivateFile(deps.db, id),
  };
}

const documentBytes = (document: UploadedDocument) =>
  'uploadId' in document ? document.size : document.content.byteLength;

/**
 * Saves the request, its documents and its queued notification; returns the new id. Throws
 * `UploadRejected` when the documents would pass what anonymous requests may store.
 */
export async function createImplementationRequest(
  input: ImplementationInput,
  meta: ImplementationRequestMeta,
  deps: ImplementationDeps,
): Promise<{ id: string }> {
  const request = await checkNames(input.request, meta, deps);
  const now = deps.now();
  // Hashing is deliberately slow: do it before the transaction holds any lock.
  const senhaHash = await hashPassword(request.senha);
  const isCpf = request.tipoDocumento === 'cpf';

  const documents = [isCpf ? input.cnh : input.responsavelCnh].filter((document) => document !== undefined);
  const clientHash = deps.config.leadRateLimit ? deps.rateLimits.hashIp(meta.ip ?? 'unknown') : undefined;

  return deps.db.transaction(async (tx) => {
    for (const document of documents) await reserveDocumentRoom(tx, clientHash, documentBytes(document), now);
    const cnh = isCpf && input.cnh ? await storeDocument(tx, input.cnh, 'cnh', now) : null;
    const responsavelCnh =
      !isCpf && input.responsavelCnh ? await storeDocument(tx, input.responsavelCnh, 'responsavelCnh', now) : null;

    // Fields of the other document type are null (SPEC §3); every field of this type is required and non-empty.
    const values = {
      createdAt: now,
      tipoDocumento: request.tipoDocumento,
      emailAcesso: request.emailAcesso,
      senhaHash,
      cpf: isCpf ? request.cpf : null,
      nomeCompleto: isCpf ? request.nomeCompleto : null,
      celular: isCpf ? request.celular : null,
      email: isCpf ? request.email : null,
      cnhFileId: cnh?.id ?? null,
      cnpj: isCpf ? null : request.cnpj,
      razaoSocial: isCpf ? null : request.razaoSocial,
      responsavelCpf: isCpf ? null : request.responsavelCpf,
      responsavelNome: isCpf ? null : request.responsavelNome,
      responsavelCelular: isCpf ? null : request.responsavelCelular,
      responsavelEmail: isCpf ? null : request.responsavelEmail,
      responsavelCnhFileId: responsavelCnh?.id ?? null,
    };
    const [row] = await tx
      .insert(solicitacoesImplementacao)
      .values(values)
      .returning({ id: solicitacoesImplementacao.id });
    const id = row!.id;
    await recordFormConsents(tx, 'implementacao', [
      { subjectId: id, version: input.consent?.version, page: input.consent?.page ?? '', at: now },
    ]);

    const { message } = buildImplementationEmail(
      { ...values, id, cnh, responsavelCnh },
      { siteUrl: deps.config.siteUrl, to: deps.config.leadNotifyTo },
    );
    await deps.outbox.enqueueMail(tx, message, { subjectType: IMPLEMENTATION_SUBJECT, subjectId: id });
    return { id };
  });
}

export type NotificationStatus = 'pending' | 'sent' | 'failed';

/**
 * Where the notification of a request stands, for the form's 'Enviando e-mail...' phase:
 * 'sent' once delivered (or kept in the log when no transport is configured), 'failed'
 * once an attempt failed (the queue keeps retrying), null for an unknown request.
 */
export async function notificationStatus(db: Db, id: string): Promise<NotificationStatus | null> {
  const [row] = await db
    .select({ status: deliveries.status })
    .from(deliveries)
    .where(and(eq(deliveries.subjectType, IMPLEMENTATION_SUBJECT), eq(deliveries.subjectId, id)))
    .limit(1);
  if (!row) return null;
  if (row.status === 'sent' || row.status === 'logged') return 'sent';
  if (row.status === 'retrying' || row.status === 'failed') return 'failed';
  return 'pending';
}

/** A stored document with its content, for the admin download. */
export async function getPrivateFile(db: Db, id: string) {
  const [row] = await db.select().from(privateFiles).where(eq(privateFiles.id, id)).limit(1);
  return row ?? null;
}

/** Bytes per piece of a document sent back: far under any buffer limit on the way. */
const DOWNLOAD_PIECE_BYTES = 256 * 1024;

/**
 * A stored document's bytes as a stream. On Netlify a function's response is streamed only
 * when its body is a ReadableStream; a buffered one is base64-encoded into a 6 MB payload,
 * which a 5 MB document (about 6.7 MB encoded) would not fit.
 */
export function documentStream(content: Uint8Array): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= content.byteLength) return controller.close();
      controller.enqueue(content.slice(offset, offset + DOWNLOAD_PIECE_BYTES));
      offset += DOWNLOAD_PIECE_BYTES;
    },
  });
}
