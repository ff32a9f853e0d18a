/*
 * Identity documents in chunks (a Netlify function takes at most 6 MB a request), from the
 * HTTP handlers down on every engine (PGlite, PostgreSQL, PostgreSQL through PgBouncer in
 * transaction mode): an upload starts, its chunks arrive, and the form's post with the token
 * stores the exact file — or, for every way the upload can go wrong, answers 4xx with the
 * pt-BR text and changes nothing, so the visitor can send again. Tokens are capabilities: only
 * their hash is stored, a consumed or expired one attaches nothing, and no route ever returns
 * a chunk.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { APIContext } from 'astro';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileMessages, uploadMessages } from '~/copy/messages/implementation';
import { rateLimitMessage } from '~/copy/messages/lead';
import {
  CHUNK_BYTES,
  CHUNK_INDEX_HEADER,
  UPLOAD_ENDPOINT,
  UPLOAD_TOKEN_FIELDS,
  UPLOAD_TOKEN_HEADER,
  chunkCount,
} from '~/lib/document-upload';
import { MAX_CNH_BYTES } from '~/lib/file-type';
import { documentUploadChunks, documentUploads, privateFiles, solicitacoesImplementacao } from '~/server/db/schema';
import {
  UPLOAD_CLIENT_MAX_BYTES,
  UPLOAD_TOTAL_MAX_BYTES,
  UPLOAD_TTL_MS,
  pruneExpiredUploads,
} from '~/server/implementation/document-uploads';
import { DOCUMENTS_PER_CLIENT_PER_DAY, PENDING_DOCUMENTS_MAX_BYTES } from '~/server/implementation/document-quota';
import { runHousekeeping } from '~/server/housekeeping';
import { runScheduledHousekeeping } from '~/server/scheduled-housekeeping';
import housekeepingFunction, { config as housekeepingFunctionConfig } from '../../netlify/jobs/housekeeping.mts';
import { deliveryStack, type DeliveryStack } from '../../scripts/support/deliveries';
import { createMailer } from '~/server/mail';
import { GET as download } from '~/pages/admin/documentos/[id]';
import { POST as submitForm } from '~/pages/api/implementacao';
import { POST as startRoute, PUT as chunkRoute } from '~/pages/api/implementacao-documentos';
import { aCnpjRequest, aCpfRequest } from '../support/implementation-fields';
import { engines, isPostgres, useTestDatabase, type TestDatabase } from '../support/db';
import { testRuntime } from '../../scripts/support/service-deps';
import { logCapture, quietLog } from '../support/log';

const SITE_URL = 'https://pilota.example';
const START = new Date('2026-08-03T15:00:00Z');

const cpfFields = aCpfRequest();
const cnpjFields = aCnpjRequest();

/** `size` bytes that start like a PDF and vary throughout, so a swapped chunk changes the hash. */
function pdfOfSize(size: number, seed = 1): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + seed * 7 + (i >> 11)) & 0xff;
  bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
  return bytes;
}
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');
/** A PDF of random bytes: stored as they are (compressible bytes would shrink in the table). */
function randomPdf(size: number): Uint8Array {
  const bytes = new Uint8Array(randomBytes(size));
  bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
  return bytes;
}
/** node-postgres answers `execute` with a result object, PGlite with its rows too: both carry `rows`. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

describe.each(engines)('chunked document uploads on %s', (engine) => {
  const t: TestDatabase = useTestDatabase(engine);
  let stack: DeliveryStack;
  let clock = START;
  let clientAddress = '203.0.113.9';
  let leadRateLimit: { count: number; windowMs: number } | null = null;

  beforeEach(async () => {
    clock = START;
    clientAddress = '203.0.113.9';
    leadRateLimit = null;
    stack = deliveryStack(t.handle, {
      sendMail: createMailer({ mailFrom: 'Pilota <nao-responda@pilota.example>' }),
      log: quietLog,
    });
    await stack.start();
  });
  afterEach(async () => {
    await stack.stop(2_000);
  });

  const context = (request: Request, params: Record<string, string> = {}) =>
    ({
      request,
      params,
      clientAddress,
      redirect: (location: string, status: number) => new Response(null, { status, headers: { location } }),
      locals: {
        runtime: testRuntime({
          db: t.db,
          stack,
          config: { siteUrl: SITE_URL, leadNotifyTo: 'time@pilota.example', authSecret: 'test-secret', leadRateLimit },
          now: () => clock,
        }),
      },
    }) as unknown as APIContext;

  async function call(handler: (context: APIContext) => Response | Promise<Response>, request: Request) {
    const response = await handler(context(request));
    const text = await response.text();
    return { status: response.status, json: (text ? JSON.parse(text) : undefined) as Record<string, unknown> };
  }

  const start = (declaration: object) =>
    call(
      startRoute,
      new Request(`http://localhost${UPLOAD_ENDPOINT}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(declaration),
      }),
    );

  const putChunk = (token: string, index: number | string, bytes: Uint8Array) =>
    call(
      chunkRoute,
      new Request(`http://localhost${UPLOAD_ENDPOINT}`, {
        method: 'PUT',
        headers: {
          'content-type': 'application/octet-stream',
          [UPLOAD_TOKEN_HEADER]: token,
          [CHUNK_INDEX_HEADER]: String(index),
        },
        body: bytes as Uint8Array<ArrayBuffer>,
      }),
    );

  /** Starts an upload of `file` and sends the chunks `only` names (all by default). */
  async function upload(file: Uint8Array, name = 'cnh.pdf', only?: number[]) {
    const started = await start({ size: file.byteLength, sha256: sha256(file), name });
    expect(started.status).toBe(201);
    const token = started.json['token'] as string;
    const chunkBytes = started.json['chunkBytes'] as number;
    for (let index = 0; index < chunkCount(file.byteLength, chunkBytes); index++) {
      if (only && !only.includes(index)) continue;
      const sent = await putChunk(token, index, file.subarray(index * chunkBytes, (index + 1) * chunkBytes));
      expect(sent).toEqual({ status: 200, json: { received: index } });
    }
    return token;
  }

  const submit = (fields: Record<string, string>, extra: Record<string, string | Blob> = {}) => {
    const body = new FormData();
    for (const [key, value] of Object.entries({ ...fields, ...extra })) body.append(key, value);
    return call(submitForm, new Request('http://localhost/api/implementacao', { method: 'POST', body }));
  };

  const stored = async () => ({
    requests: (await t.db.select().from(solicitacoesImplementacao)).length,
    files: (await t.db.select().from(privateFiles)).length,
    uploads: (await t.db.select().from(documentUploads)).length,
    chunks: (await t.db.select({ index: documentUploadChunks.index }).from(documentUploadChunks)).length,
  });

  it('a 5 MB document in three chunks becomes the request’s file, byte for byte, and the upload is gone', async () => {
    const file = pdfOfSize(MAX_CNH_BYTES);
    const token = await upload(file, 'CNH Maria.pdf');
    expect(chunkCount(file.byteLength)).toBe(3);
    expect(await stored()).toEqual({ requests: 0, files: 0, uploads: 1, chunks: 3 });

    const answer = await submit(cpfFields, { [UPLOAD_TOKEN_FIELDS.cnh]: token });
    expect(answer.status).toBe(201);
    const [row] = await t.db
      .select()
      .from(solicitacoesImplementacao)
      .where(eq(solicitacoesImplementacao.id, answer.json['id'] as string));
    const [document] = await t.db.select().from(privateFiles).where(eq(privateFiles.id, row!.cnhFileId!));
    expect(document).toMatchObject({
      kind: 'pdf',
      originalName: 'CNH Maria.pdf',
      size: MAX_CNH_BYTES,
      sha256: sha256(file),
    });
    expect(Buffer.from(document!.content).equals(Buffer.from(file))).toBe(true);
    expect(await stored()).toEqual({ requests: 1, files: 1, uploads: 0, chunks: 0 });

    // Only an admin gets it back, from the admin route.
    const asAdmin = context(new Request(`${SITE_URL}/admin/documentos/${document!.id}`), { id: document!.id });
    // A signed-in admin as the middleware leaves it: the download asks the session's role and records who.
    asAdmin.locals.session = {
      user: { id: 'u-admin', name: 'Ana Admin', email: 'ana@pilota.example', role: 'admin' },
      sessionId: 's-admin',
      expiresAt: new Date('2099-01-01T00:00:00Z'),
    } as unknown as NonNullable<App.Locals['session']>;
    const response = await download(asAdmin);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(file))).toBe(true);
  });

  it('a CNPJ request takes the responsible person’s upload; another slot’s token is ignored', async () => {
    const file = pdfOfSize(3 * 1024 * 1024 + 5, 2);
    const token = await upload(file, 'cnh-joao.pdf');
    const other = await upload(pdfOfSize(1000, 3), 'outra.pdf');
    const answer = await submit(cnpjFields, {
      [UPLOAD_TOKEN_FIELDS.responsavelCnh]: token,
      [UPLOAD_TOKEN_FIELDS.cnh]: other,
    });
    expect(answer.status).toBe(201);
    const [row] = await t.db.select().from(solicitacoesImplementacao);
    expect(row!.cnhFileId).toBeNull();
    const [document] = await t.db.select().from(privateFiles);
    expect(document!.id).toBe(row!.responsavelCnhFileId);
    expect(Buffer.from(document!.content).equals(Buffer.from(file))).toBe(true);
    // The unused upload waits for its expiry like any unfinished one.
    expect((await stored()).uploads).toBe(1);
  });

  it('stores only the token’s hash, and hands out a new 256-bit token each time', async () => {
    const file = pdfOfSize(100);
    const first = await upload(file);
    const second = await upload(file);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second).not.toBe(first);
    const ids = (await t.db.select({ id: documentUploads.id }).from(documentUploads)).map((row) => row.id).sort();
    expect(ids).toEqual([sha256(first), sha256(second)].sort());
    // The stored id is no token: sending it attaches nothing.
    const answer = await submit(cpfFields, { [UPLOAD_TOKEN_FIELDS.cnh]: sha256(first) });
    expect(answer).toMatchObject({ status: 410, json: { error: uploadMessages.expired, stage: 'upload' } });
  });

  it('a token attaches its file once: a second submission with it saves nothing', async () => {
    const token = await upload(pdfOfSize(2000));
    expect((await submit(cpfFields, { [UPLOAD_TOKEN_FIELDS.cnh]: token })).status).toBe(201);
    const again = await submit(
      { ...cpfFields, emailAcesso: 'outra@example.com' },
      { [UPLOAD_TOKEN_FIELDS.cnh]: token },
    );
    expect(again).toMatchObject({
      status: 410,
      json: { error: uploadMessages.expired, stage: 'upload', fields: { cnh: uploadMessages.expired } },
    });
    expect(await stored()).toMatchObject({ requests: 1, files: 1 });
    // Nor can anyone add chunks to it any more.
    expect((await putChunk(token, 0, pdfOfSize(2000))).status).toBe(410);
  });

  // PGlite runs one statement at a time, so only a server can race two submissions.
  const onServer = isPostgres(engine) ? it : () => undefined;
  onServer('two submissions racing with one token: exactly one is saved', async () => {
    const token = await upload(pdfOfSize(CHUNK_BYTES + 10));
    const answers = await Promise.all([
      submit(cpfFields, { [UPLOAD_TOKEN_FIELDS.cnh]: token }),
      submit({ ...cpfFields, emailAcesso: 'b@example.com' }, { [UPLOAD_TOKEN_FIELDS.cnh]: token }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 410]);
    expect(await stored()).toEqual({ requests: 1, files: 1, uploads: 0, chunks: 0 });
  });

  it('a missing chunk is refused as incomplete and nothing is lost: the chunk sent later completes it', async () => {
    const file = pdfOfSize(MAX_CNH_BYTES, 4);
    const token = await upload(file, 'cnh.pdf', [0, 2]);
    const refused = await submit(cpfFields, { [UPLOAD_TOKEN_FIELDS.cnh]: token });
    expect(refused).toEqual({
      status: 400,
      json: { error: uploadMessages.incomplete, stage: 'upload', fields: { cnh: uploadMessages.incomplete } },
    });
    expect(await stored()).toEqual({ requests: 0, files: 0, uploads: 1, chunks: 2 });

    expect((await putChunk(token, 1, file.subarray(CHUNK_BYTES, 2 * CHUNK_BYTES))).status).toBe(200);
    expect((await submit(cpfFields, { [UPLOAD_TOKEN_FIELDS.cnh]: token })).status).toBe(201);
    const [document] = await t.db.select().from(privateFiles);
    expect(Buffer.from(document!.content).equals(Buffer.from(file))).toBe(true);
  });

  it('chunks that are not the declared file (hash mismatch) are refused; a resent chunk replaces the bad one', async () => {
    const file = pdfOfSize(CHUNK_BYTES + 100, 5);
    const started = await start({ size: file.byteLength, sha256: sha256(file), name: 'a.pdf' });
    const token = started.json['token'] as string;
    const wrong = file.slice(CHUNK_BYTES);
    wrong[10] = wrong[10]! ^ 0xff;
    await putChunk(token, 0, file.subarray(0, CHUNK_BYTES));
    await putChunk(token, 1, wrong);
    const refused = await submit(cpfFields, { [UPLOAD_TOKEN_FIELDS.cnh]: token });
    expect(refused).toMatchObject({ status: 400, json: { error: uploadMessages.corrupted, stage: 'upload' } });
    expect(await stored()).toMatchObject({ requests: 0, files: 0, uploads: 1 });

    await putChunk(token, 1, file.subarray(CHUNK_BYTES));
    expect((await submit(cpfFields, { [UPLOAD_TOKEN_FIELDS.cnh]: token })).status).toBe(201);
  });

  it('an upload past its time is refused as expired and pruned when the next one starts', async () => {
    const token = await upload(pdfOfSize(500));
    clock = new Date(START.getTime() + UPLOAD_TTL_MS);
    const refused = await submit(cpfFields, { [UPLOAD_TOKEN_FIELDS.cnh]: token });
    expect(refused).toMatchObject({ status: 410, json: { error: uploadMessages.expired, stage: 'upload' } });
    expect((await putChunk(token, 0, pdfOfSize(500))).status).toBe(410);
    expect(await stored()).toEqual({ requests: 0, files: 0, uploads: 1, chunks: 1 });

    const fresh = await upload(pdfOfSize(500));
    expect(await t.db.select({ id: documentUploads.id }).from(documentUploads)).toEqual([{ id: sha256(fresh) }]);
    expect((await stored()).chunks).toBe(1);
    expect(await pruneExpiredUploads(t.db, new Date(clock.getTime() + UPLOAD_TTL_MS))).toBe(1);
    expect(await stored()).toEqual({ requests: 0, files: 0, uploads: 0, chunks: 0 });
  });

  it('refuses a declaration over 5 MB (413) and declarations that are not one (400)', async () => {
    const big = await start({ size: MAX_CNH_BYTES + 1, sha256: sha256('x'), name: 'b.pdf' });
    expect(big).toEqual({ status: 413, json: { error: fileMessages.tooLarge.description, stage: 'upload' } });
    for (const declaration of [
      {},
      { size: 0, sha256: sha256('x') },
      { size: 10.5, sha256: sha256('x') },
      { size: '10', sha256: sha256('x') },
      { size: 10, sha256: 'abc' },
      { size: 10, sha256: sha256('x').toUpperCase() },
      { size: 10, sha256: sha256('x'), name: 42 },
    ]) {
      expect({ declaration, ...(await start(declaration)) }).toEqual({
        declaration,
        status: 400,
        json: { error: uploadMessages.malformed, stage: 'upload' },
      });
    }
    const notJson = await call(
      startRoute,
      new Request(`http://localhost${UPLOAD_ENDPOINT}`, { method: 'POST', body: 'size=10' }),
    );
    expect(notJson.status).toBe(400);
    expect((await stored()).uploads).toBe(0);
  });

  it('refuses a first chunk that is no PDF, JPEG or PNG, and chunks of the wrong size, index or token', async () => {
    const exe = new TextEncoder().encode('MZ\x90\x00 not a document');
    const started = await start({ size: exe.byteLength, sha256: sha256(exe), name: 'cnh.pdf' });
    const token = started.json['token'] as string;
    expect(await putChunk(token, 0, exe)).toEqual({
      status: 400,
      json: { error: fileMessages.invalid.description, stage: 'upload' },
    });

    const file = pdfOfSize(CHUNK_BYTES + 1);
    const good = (await start({ size: file.byteLength, sha256: sha256(file), name: 'a.pdf' })).json['token'] as string;
    const malformed = { status: 400, json: { error: uploadMessages.malformed, stage: 'upload' } };
    expect(await putChunk(good, 0, file.subarray(0, CHUNK_BYTES - 1))).toEqual(malformed);
    expect(await putChunk(good, 1, file.subarray(CHUNK_BYTES - 1))).toEqual(malformed);
    expect(await putChunk(good, 2, file.subarray(0, 1))).toEqual(malformed);
    expect(await putChunk(good, '-1', file.subarray(0, 1))).toEqual(malformed);
    expect(await putChunk('', 0, file.subarray(0, CHUNK_BYTES))).toEqual(malformed);
    expect((await putChunk(good, 0, pdfOfSize(CHUNK_BYTES + 1))).status).toBe(413);
    const stranger = 'A'.repeat(43);
    expect(await putChunk(stranger, 0, file.subarray(0, CHUNK_BYTES))).toEqual({
      status: 410,
      json: { error: uploadMessages.expired, stage: 'upload' },
    });
    expect((await stored()).chunks).toBe(0);
  });

  it('a form with a file and a token for the same slot is refused', async () => {
    const token = await upload(pdfOfSize(300));
    const answer = await submit(cpfFields, {
      [UPLOAD_TOKEN_FIELDS.cnh]: token,
      cnh: new Blob([pdfOfSize(300) as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }),
    });
    expect(answer).toMatchObject({ status: 400, json: { error: uploadMessages.malformed, stage: 'upload' } });
    expect(await stored()).toMatchObject({ requests: 0, files: 0, uploads: 1 });
  });

  it('no method of the upload route ever answers with a chunk', async () => {
    const token = await upload(pdfOfSize(100));
    for (const method of ['POST', 'PUT']) {
      const response = await (method === 'POST' ? startRoute : chunkRoute)(
        context(
          new Request(`http://localhost${UPLOAD_ENDPOINT}`, { method, headers: { [UPLOAD_TOKEN_HEADER]: token } }),
        ),
      );
      expect(await response.text()).not.toContain('%PDF');
    }
  });
  it('an upload takes its declared size twice over (every chunk and one retry each), then 429 with the pt-BR text', async () => {
    const file = pdfOfSize(CHUNK_BYTES + 10, 6);
    const started = await start({ size: file.byteLength, sha256: sha256(file), name: 'a.pdf' });
    const token = started.json['token'] as string;
    const first = file.subarray(0, CHUNK_BYTES);
    const changed = Uint8Array.from(first);
    // Resending the first chunk: taken while the upload has room (2 × (2 MiB + 10) bytes).
    expect((await putChunk(token, 0, first)).status).toBe(200);
    changed[100] = changed[100]! ^ 0xff;
    expect((await putChunk(token, 0, changed)).status).toBe(200);
    expect(await putChunk(token, 0, first)).toEqual({
      status: 429,
      json: { error: uploadMessages.resentTooOften, stage: 'upload' },
    });
    // The last 20 bytes of room still take the small chunk, and the file checks out.
    expect((await putChunk(token, 1, file.subarray(CHUNK_BYTES))).status).toBe(200);
    expect((await putChunk(token, 1, file.subarray(CHUNK_BYTES))).status).toBe(200);
    expect((await putChunk(token, 1, file.subarray(CHUNK_BYTES))).status).toBe(429);
    expect(await submit(cpfFields, { [UPLOAD_TOKEN_FIELDS.cnh]: token })).toMatchObject({
      status: 400,
      json: { error: uploadMessages.corrupted },
    });
  });

  it('one address holds at most UPLOAD_CLIENT_MAX_BYTES of unfinished uploads (429); others still start', async () => {
    const declaration = { size: MAX_CNH_BYTES, sha256: sha256('x'), name: 'cnh.pdf' };
    const fits = UPLOAD_CLIENT_MAX_BYTES / MAX_CNH_BYTES;
    for (let i = 0; i < fits; i++) expect((await start(declaration)).status).toBe(201);
    expect(await start(declaration)).toEqual({
      status: 429,
      json: { error: uploadMessages.clientBusy, stage: 'upload' },
    });
    expect((await start({ ...declaration, size: 1 })).status).toBe(429);
    clientAddress = '198.51.100.20';
    expect((await start(declaration)).status).toBe(201);
    // Once the first address's uploads expire, it may start again.
    clock = new Date(START.getTime() + UPLOAD_TTL_MS);
    clientAddress = '203.0.113.9';
    expect((await start(declaration)).status).toBe(201);
  });

  it('all unfinished uploads together hold at most UPLOAD_TOTAL_MAX_BYTES: then 507 with the pt-BR text', async () => {
    const declaration = { size: MAX_CNH_BYTES, sha256: sha256('x'), name: 'cnh.pdf' };
    const perClient = UPLOAD_CLIENT_MAX_BYTES / MAX_CNH_BYTES;
    for (let i = 0; i < UPLOAD_TOTAL_MAX_BYTES / MAX_CNH_BYTES; i++) {
      clientAddress = `198.51.100.${Math.floor(i / perClient)}`;
      expect((await start(declaration)).status).toBe(201);
    }
    clientAddress = '192.0.2.1';
    expect(await start(declaration)).toEqual({
      status: 507,
      json: { error: uploadMessages.storageFull, stage: 'upload' },
    });
    expect((await stored()).uploads).toBe(UPLOAD_TOTAL_MAX_BYTES / MAX_CNH_BYTES);
  });

  const pdfBlob = (seed: number) =>
    new Blob([pdfOfSize(200, seed) as Uint8Array<ArrayBuffer>], { type: 'application/pdf' });

  it('one address stores at most DOCUMENTS_PER_CLIENT_PER_DAY documents a day: then 429 with the pt-BR text', async () => {
    leadRateLimit = { count: 100, windowMs: 60_000 };
    for (let i = 0; i < DOCUMENTS_PER_CLIENT_PER_DAY; i++) {
      expect((await submit(cpfFields, { cnh: pdfBlob(i) })).status).toBe(201);
    }
    const refused = { status: 429, json: { error: uploadMessages.dailyDocumentsReached, stage: 'upload' } };
    expect(await submit(cpfFields, { cnh: pdfBlob(9) })).toEqual(refused);
    // A chunked upload counts the same, and a refused one stays for a later try.
    const token = await upload(pdfOfSize(300, 3));
    expect(await submit(cpfFields, { [UPLOAD_TOKEN_FIELDS.cnh]: token })).toEqual(refused);
    expect(await stored()).toMatchObject({ requests: DOCUMENTS_PER_CLIENT_PER_DAY, uploads: 1 });
    // A request without a document is not held back; another address is not either.
    expect((await submit(cpfFields)).status).toBe(201);
    clientAddress = '198.51.100.20';
    expect((await submit(cpfFields, { cnh: pdfBlob(10) })).status).toBe(201);
    // With rate limits turned off (LEAD_RATE_LIMIT=off), the daily cap is off too.
    clientAddress = '203.0.113.9';
    leadRateLimit = null;
    expect((await submit(cpfFields, { cnh: pdfBlob(12) })).status).toBe(201);
    leadRateLimit = { count: 100, windowMs: 60_000 };
    // The window slides: a day after the first documents, the address may send again.
    clientAddress = '203.0.113.9';
    clock = new Date(START.getTime() + 24 * 60 * 60 * 1000 + 1);
    expect((await submit(cpfFields, { cnh: pdfBlob(11) })).status).toBe(201);
  });

  it('documents of requests still recebida hold at most PENDING_DOCUMENTS_MAX_BYTES: then 507; handling one frees room', async () => {
    const first = await submit(cpfFields, { cnh: pdfBlob(1) });
    expect(first.status).toBe(201);
    // The cap counts the recorded sizes: one request standing in for the whole backlog.
    await t.db.update(privateFiles).set({ size: PENDING_DOCUMENTS_MAX_BYTES - 100 });
    clientAddress = '198.51.100.30';
    expect(await submit(cpfFields, { cnh: pdfBlob(2) })).toEqual({
      status: 507,
      json: { error: uploadMessages.pendingDocumentsFull, stage: 'upload' },
    });
    expect(await stored()).toMatchObject({ requests: 1, files: 1 });
    await t.db
      .update(solicitacoesImplementacao)
      .set({ status: 'em_implantacao' })
      .where(eq(solicitacoesImplementacao.id, first.json['id'] as string));
    expect((await submit(cpfFields, { cnh: pdfBlob(2) })).status).toBe(201);
  });

  it('chunk requests are rate-limited per address (429) before the body is read', async () => {
    leadRateLimit = { count: 2, windowMs: 60_000 };
    const file = pdfOfSize(100, 7);
    const started = await start({ size: file.byteLength, sha256: sha256(file), name: 'a.pdf' });
    const token = started.json['token'] as string;
    // Three chunk requests per form post the limit allows: six here.
    for (let i = 0; i < 6; i++) expect((await putChunk(token, 5, file)).status).toBe(400);
    expect(await putChunk(token, 0, file)).toEqual({ status: 429, json: { error: rateLimitMessage, stage: 'upload' } });
    clientAddress = '198.51.100.7';
    expect((await putChunk(token, 0, file)).status).toBe(200);
  });

  it('housekeeping deletes expired uploads without a new upload, and the chunks’ space comes back', async () => {
    const size = async () =>
      Number(
        rowsOf<{ bytes: number }>(
          await t.db.execute(sql`select pg_total_relation_size('document_upload_chunks')::float8 as bytes`),
        )[0]!.bytes,
      );
    const baseline = await size();
    for (let i = 0; i < 3; i++) await upload(randomPdf(MAX_CNH_BYTES));
    expect(await size()).toBeGreaterThan(baseline + 3 * MAX_CNH_BYTES * 0.9);
    expect((await runHousekeeping(t.db, t.handle.pglite, clock)).uploads).toBe(0);

    clock = new Date(START.getTime() + UPLOAD_TTL_MS);
    const counts = await runHousekeeping(t.db, t.handle.pglite, clock);
    expect(counts.uploads).toBe(3);
    expect(await stored()).toMatchObject({ uploads: 0, chunks: 0 });
    if (engine === 'pglite') {
      // No autovacuum in the embedded database: the pass vacuums, and the table is back near empty.
      expect(counts.reclaimedBytes).toBeGreaterThan(3 * MAX_CNH_BYTES * 0.9);
      // What remains is the free-space and visibility maps and the index: a few hundred KB of 15 MB.
      expect(await size()).toBeLessThan(baseline + 1024 * 1024);
    }
  });

  const onNetlify = isPostgres(engine) ? it : () => undefined;
  onNetlify(
    'Netlify’s scheduled housekeeping deletes expired uploads through the pooler and logs counts only',
    async () => {
      await upload(pdfOfSize(500));
      const { log, lines } = logCapture('housekeeping');
      const counts = await runScheduledHousekeeping(
        { DATABASE_URL: t.url!, AUTH_SECRET: 'segredo' },
        { now: new Date(START.getTime() + UPLOAD_TTL_MS), log },
      );
      expect(counts).toMatchObject({ uploads: 1, reclaimedBytes: 0 });
      expect(lines).toEqual([expect.stringMatching(/^\[housekeeping\] 1 expired uploads deleted/)]);
      expect(await stored()).toMatchObject({ uploads: 0, chunks: 0 });
      expect(housekeepingFunctionConfig.schedule).toBe('*/10 * * * *');
      expect(typeof housekeepingFunction).toBe('function');
    },
  );
});
