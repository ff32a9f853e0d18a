/*
 * POST /api/implementacao — the implementation request form (multipart). Thin: read the
 * streamed body (files checked by content and size as they arrive), validate the fields
 * with the schema the browser used, put together the document the island uploaded in
 * chunks beforehand (/api/implementacao-documentos; its token comes in place of the file),
 * hand all of it to the service. Answers JSON:
 * 201 `{ id }`, or 4xx/5xx `{ error, stage, fields? }` where `stage` says which of the
 * spec's error families applies ('upload': the files, 'save': the data). A value the
 * database refuses is the request's fault (400), an unreachable database a 503. The same form
 * posted without JavaScript gets a redirect to /obrigado or a short error page instead.
 * A plain endpoint rather than an action: it reads the multipart body as a stream, checking
 * each file's content and size as it arrives and stopping at the first bad byte, where an
 * action parses the whole form (up to ~5 MB of documents per request) into memory first.
 */
import type { APIRoute } from 'astro';
import { internalErrors, errorToasts, validationMessages } from '~/copy/messages/implementation';
import { inputMessages } from '@content/messages/input';
import { rateLimitMessage } from '~/copy/messages/lead';
import { CONSENT_VERSION_FIELD } from '~/lib/consent-notice';
import { fieldErrors, implementationSchema } from '~/lib/validation/implementation';
import { clientAddressOf, componentLogger, databaseErrorKind, describeError } from '~/server/http';
import {
  MAX_REQUEST_BYTES,
  noJsErrorPage,
  readImplementationUpload,
  tooLarge,
  UploadRejected,
  wantsHtml,
} from '~/server/implementation';

export const prerender = false;

interface Failure {
  error: string;
  stage: 'upload' | 'save';
  fields?: Record<string, string>;
}

export const POST: APIRoute = async (context) => {
  const { request, locals, redirect } = context;
  // Undefined when the client already hung up (reading Astro's clientAddress would throw).
  const clientAddress = clientAddressOf(context);
  // The island asks for JSON; a browser posting the form without JavaScript gets pages.
  const html = wantsHtml(request.headers.get('accept'));
  const json = (status: number, body: Failure) =>
    html
      ? noJsErrorPage(status, body.fields ? Object.values(body.fields) : [body.error])
      : Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } });

  // Refuse an oversized request from its headers alone, before reading any of it.
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_REQUEST_BYTES) {
    const error = tooLarge();
    return json(error.status, { error: error.message, stage: 'upload' });
  }

  // Public forms share LEAD_RATE_LIMIT per client address, each form with its own counter.
  const runtime = locals.runtime;
  if (!(await runtime.rateLimits.allow('implementacao', clientAddress))) {
    // Shown as 'Erro ao salvar' / 'Não foi possível salvar a solicitação: <message>'.
    return json(429, { error: rateLimitMessage, stage: 'save' });
  }

  const refuseUpload = (error: UploadRejected) => {
    componentLogger('implementacao').warn(
      `${error.field === 'responsavelCnh' ? internalErrors.responsavelCnhUpload : internalErrors.cnhUpload}: ${error.reason}`,
    );
    return json(error.status, {
      error: error.message,
      stage: 'upload',
      ...(error.field ? { fields: { [error.field]: error.message } } : {}),
    });
  };

  let upload;
  try {
    upload = await readImplementationUpload(request.headers, request.body);
  } catch (error) {
    if (!(error instanceof UploadRejected)) throw error;
    return refuseUpload(error);
  }

  const parsed = implementationSchema.safeParse(upload.fields);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    const messages = Object.values(fields);
    const error = messages.includes(validationMessages.required) ? validationMessages.required : messages[0]!;
    return json(400, { error, stage: 'save', fields });
  }

  if (!runtime.ready()) return json(503, { error: errorToasts.sendSave, stage: 'save' });
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
    return html ? redirect('/obrigado', 303) : Response.json({ id }, { status: 201 });
  } catch (error) {
    // A chunked upload that is incomplete, not the file declared, expired, or consumed by
    // another submission meanwhile: nothing was saved.
    if (error instanceof UploadRejected) return refuseUpload(error);
    // Never the error itself: Drizzle's message lists every value, the password hash included.
    componentLogger('implementacao').error(`${internalErrors.save}: ${describeError(error)}`);
    const kind = databaseErrorKind(error);
    if (kind === 'rejected') return json(400, { error: inputMessages.dataRejected, stage: 'save' });
    if (kind === 'unavailable') return json(503, { error: errorToasts.sendSave, stage: 'save' });
    return json(500, { error: internalErrors.save, stage: 'save' });
  }
};
