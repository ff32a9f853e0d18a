/*
 * One post of the implementation request form (multipart), whoever asked: the island's
 * fetch to /api/implementacao (answered as JSON) or the form posted without JavaScript to
 * /implementacao-sistema/enviar (answered as a page). Reads the streamed body (files checked
 * by content and size as they arrive), validates the fields with the schema the browser
 * used, puts together the document the island uploaded in chunks beforehand (its token
 * comes in place of the file) and hands all of it to the service. A failure says which of
 * the spec's error families applies (`stage` 'upload': the files, 'save': the data); a value
 * the database refuses is the request's fault (400), an unreachable database a 503.
 */
import { inputMessages } from '~/messages/input';
import { errorToasts, internalErrors, validationMessages } from '~/copy/messages/implementation';
import { rateLimitMessage } from '~/copy/messages/lead';
import { CONSENT_VERSION_FIELD } from '~/lib/consent-notice';
import { fieldErrors, implementationSchema } from '~/lib/validation/implementation';
import { databaseErrorKind } from '../db/errors';
import { describeError } from '../describe-error';
import { clientAddressOf } from '../http/client-address';
import { componentLogger } from '../log/logger';
import { MAX_REQUEST_BYTES, UploadRejected, readImplementationUpload, tooLarge } from './multipart';

export interface SubmissionFailure {
  error: string;
  stage: 'upload' | 'save';
  /** Field name → its message, when the problem is a field's. */
  fields?: Record<string, string>;
}

export type SubmissionOutcome = { ok: true; id: string } | { ok: false; status: number; failure: SubmissionFailure };

/** What a route or a page hands over of its request. */
export interface SubmissionContext {
  readonly request: Request;
  readonly locals: App.Locals;
  readonly clientAddress: string;
}

const log = componentLogger('implementacao');

const failed = (status: number, failure: SubmissionFailure): SubmissionOutcome => ({ ok: false, status, failure });

function uploadFailure(error: UploadRejected): SubmissionOutcome {
  log.warn(
    `${error.field === 'responsavelCnh' ? internalErrors.responsavelCnhUpload : internalErrors.cnhUpload}: ${error.reason}`,
  );
  return failed(error.status, {
    error: error.message,
    stage: 'upload',
    ...(error.field ? { fields: { [error.field]: error.message } } : {}),
  });
}

/** Reads, checks and saves one posted request; the caller answers the outcome in its own form. */
export async function submitImplementation(context: SubmissionContext): Promise<SubmissionOutcome> {
  const { request, locals } = context;
  // Undefined when the client already hung up (reading Astro's clientAddress would throw).
  const clientAddress = clientAddressOf(context);

  // Refuse an oversized request from its headers alone, before reading any of it.
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_REQUEST_BYTES) {
    const error = tooLarge();
    return failed(error.status, { error: error.message, stage: 'upload' });
  }

  // Public forms share LEAD_RATE_LIMIT per client address, each form with its own counter.
  const runtime = locals.runtime;
  if (!(await runtime.rateLimits.allow('implementacao', clientAddress))) {
    // Shown as 'Erro ao salvar' / 'Não foi possível salvar a solicitação: <message>'.
    return failed(429, { error: rateLimitMessage, stage: 'save' });
  }

  let upload;
  try {
    upload = await readImplementationUpload(request.headers, request.body);
  } catch (error) {
    if (!(error instanceof UploadRejected)) throw error;
    return uploadFailure(error);
  }

  const parsed = implementationSchema.safeParse(upload.fields);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    const messages = Object.values(fields);
    const error = messages.includes(validationMessages.required) ? validationMessages.required : messages[0]!;
    return failed(400, { error, stage: 'save', fields });
  }

  if (!runtime.ready()) return failed(503, { error: errorToasts.sendSave, stage: 'save' });
  // Only the chosen section's document counts, as with files sent in the form.
  const slot = parsed.data.tipoDocumento === 'cpf' ? 'cnh' : 'responsavelCnh';
  const files = { ...upload.files };
  try {
    const token = upload.uploads[slot];
    if (token) files[slot] = await runtime.implementation.checkUpload(token, slot);
    const { id } = await runtime.implementation.create(
      {
        request: parsed.data,
        cnh: files.cnh,
        responsavelCnh: files.responsavelCnh,
        // The page the form was on is the Referer of its post (same origin: the whole address).
        consent: { version: upload.fields[CONSENT_VERSION_FIELD], page: request.headers.get('referer') ?? '' },
      },
      { ip: clientAddress },
    );
    runtime.deliveries.deliverAfterResponse(locals.netlify?.context?.waitUntil);
    return { ok: true, id };
  } catch (error) {
    // A chunked upload that is incomplete, not the file declared, expired, or consumed by
    // another submission meanwhile: nothing was saved.
    if (error instanceof UploadRejected) return uploadFailure(error);
    // Never the error itself: Drizzle's message lists every value, the password hash included.
    log.error(`${internalErrors.save}: ${describeError(error)}`);
    const kind = databaseErrorKind(error);
    if (kind === 'rejected') return failed(400, { error: inputMessages.dataRejected, stage: 'save' });
    if (kind === 'unavailable') return failed(503, { error: errorToasts.sendSave, stage: 'save' });
    return failed(500, { error: internalErrors.save, stage: 'save' });
  }
}
