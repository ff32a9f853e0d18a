/*
 * Sending an implementation request, with the phases the button shows (SPEC §2): the
 * document goes up first, in chunks (chunked-upload.ts), then the fields and the upload's
 * token in one multipart post, whose body being through means 'Salvando dados...' until the
 * server has committed the row; then 'Enviando e-mail...' while the notification's delivery
 * is polled. The server queues the e-mail in the same transaction and retries it, so a slow
 * mail server never holds the visitor: after a few seconds a still-queued e-mail counts as sent.
 */
import { consentNotices } from '~/copy/consent-notices';
import { errorToasts } from '~/copy/messages/implementation';
import { CONSENT_VERSION_FIELD } from '~/lib/consent-notice';
import { SUBMIT_ENDPOINT, UPLOAD_TOKEN_FIELDS } from '~/lib/document-upload';
import type { ImplementationFormValues } from '~/lib/validation/implementation-fields';
import { Unavailable, type Reply } from '../ui/request-failure';
import { canUploadInChunks, uploadInChunks } from './chunked-upload';
import { send, waitForMail } from './transport';

export type FileSlot = keyof typeof UPLOAD_TOKEN_FIELDS;

/** What the server answers when it refuses a request. */
export interface ServerError {
  error?: string;
  stage?: 'upload' | 'save';
  fields?: Record<string, string>;
}

export type Outcome =
  /** Saved as `id`; where its notification e-mail stands. */
  | { kind: 'saved'; id: string; mail: 'sent' | 'failed' | 'queued' }
  /** Refused by the server with its reasons. */
  | { kind: 'refused'; status: number; body: ServerError | null }
  /** No usable answer: a toast with this title and text. */
  | { kind: 'failed'; title: string; description: string };

export interface Phases {
  /** The bytes going up, 0–100. */
  uploading: (percent: number) => void;
  saving: () => void;
  mailing: () => void;
}

/*
 * Files already up, by the token of their upload: when the form's own post fails (a dropped
 * connection, an error page, a field to correct), trying again reuses the upload — valid for
 * an hour, consumed only by a saved request — instead of sending the document again.
 */
const uploadedFiles = new WeakMap<File, string>();

const percentOf = (part: number, whole: number) => Math.min(100, Math.round((part / Math.max(1, whole)) * 100));

/** The chunked upload failed: the server's reasons when it gave them, else the spec's upload texts. */
function uploadFailure(answer: Reply | Unavailable): Outcome {
  if (answer instanceof Unavailable) {
    return answer.reason === 'server'
      ? { kind: 'failed', title: errorToasts.uploadTitle, description: errorToasts.uploadUnexpected }
      : { kind: 'failed', title: errorToasts.sendTitle, description: errorToasts.sendUpload };
  }
  const body = (answer.body ?? null) as ServerError | null;
  return body?.stage
    ? { kind: 'refused', status: answer.status, body }
    : { kind: 'failed', title: errorToasts.uploadTitle, description: errorToasts.uploadUnexpected };
}

/** Sends the form's values as typed, and `file` for `slot` if there is one. Never rejects. */
export async function submitRequest(
  values: ImplementationFormValues,
  slot: FileSlot,
  file: File | null,
  phases: Phases,
): Promise<Outcome> {
  const body = new FormData();
  // The raw values as typed: the server runs the same schema on exactly what was checked here.
  for (const [name, value] of Object.entries(values)) body.append(name, value);
  // Which LGPD notice the form showed (proof of consent, src/server/consent/consent-proof.ts).
  body.append(CONSENT_VERSION_FIELD, consentNotices.implementacao.version);

  const chunked = file !== null && canUploadInChunks();
  if (file && chunked) {
    let token = uploadedFiles.get(file);
    if (token) phases.uploading(100);
    else {
      const upload = await uploadInChunks(file, (sent) => phases.uploading(percentOf(sent, file.size)));
      if (!upload.ok) return uploadFailure(upload.answer);
      token = upload.token;
      uploadedFiles.set(file, token);
    }
    body.append(UPLOAD_TOKEN_FIELDS[slot], token);
  } else if (file) {
    body.append(slot, file, file.name);
  }

  const { answer, uploaded } = await send({
    method: 'POST',
    url: SUBMIT_ENDPOINT,
    body,
    // With the document already up, the form's own bytes are the last of the upload.
    onProgress: (loaded, total) => (file && !chunked ? phases.uploading(percentOf(loaded, total)) : undefined),
    onUploaded: phases.saving,
  });
  if (answer instanceof Unavailable) {
    // Cut off before the body was through: the spec's upload text, which asks to check the
    // connection. An error page or a silent server after the upload: the general one.
    const description = answer.reason !== 'server' && !uploaded ? errorToasts.sendUpload : errorToasts.sendOther;
    return { kind: 'failed', title: errorToasts.sendTitle, description };
  }
  const id = (answer.body as { id?: unknown } | null | undefined)?.id;
  if (!answer.ok || typeof id !== 'string') {
    const refusal = (answer.body ?? null) as ServerError | null;
    // The upload itself was refused (expired, incomplete, not the file): the next try sends it again.
    if (file && refusal?.stage === 'upload') uploadedFiles.delete(file);
    return { kind: 'refused', status: answer.status, body: refusal };
  }
  if (file) uploadedFiles.delete(file);
  phases.mailing();
  return { kind: 'saved', id, mail: await waitForMail(id) };
}
