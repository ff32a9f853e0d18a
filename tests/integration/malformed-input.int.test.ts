/*
 * Malformed and hostile input against the production build (BUILD_DIR, built first when
 * missing or stale), with mail captured by a real SMTP server:
 * - a lead spooled with a NUL byte (as a server that let one through would have) is set aside
 *   at start and the lead spooled after it is saved, with nothing personal in the log;
 * - a NUL byte in any text field of the lead or implementation form, or of an auth call, is
 *   a 400 with the pt-BR message — nothing spooled, no 500, no query in the log;
 * - `{` posted as JSON, or broken multipart, is a 400 with a short pt-BR message and no
 *   stack trace in the log.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpMessages } from '~/messages/http';
import { inputMessages } from '~/messages/input';
import { toLeadRecord } from '~/server/leads/lead-record';
import { appendToSpool, rejectedSpoolPath, spoolPath } from '~/server/leads/spool';
import { ensureBuild } from '../support/ensure-build';
import { startBuiltServer, type RunningServer } from '../../scripts/support/server';
import { logCaughtUp, logEntries, logLines } from '../support/log';
import { rawRequest } from '../../scripts/support/raw-http';
import { until } from '../support/until';
import { startCaptureSmtp, type CaptureSmtp } from '../../scripts/support/smtp';

/** The lead an older server spooled with a NUL byte in it: it can never be saved. */
const STUCK = { nome: 'Olga Presa', email: 'olga.presa@example.com', celular: '(31) 97777-1234', mensagem: 'a\u0000b' };
const STUCK_TRACES = ['Olga Presa', 'olga.presa', '97777', 'Failed query', 'params:'];

/** Stack frames as Node prints them: "    at fn (file:line:col)". */
const STACK_FRAME = /^\s+at .+:\d+:\d+\)?$/m;

const validLead = {
  nome: 'Ana Souza',
  email: 'ana@example.com',
  celular: '(11) 98765-4321',
  tipo: 'imobiliaria',
  empresa: 'Imobiliária Sol',
  mensagem: 'Tenho 12 imóveis.',
  utm_source: 'google',
  utm_medium: 'cpc',
  utm_campaign: 'lancamento',
  pagina_origem: 'http://localhost/planos',
  cta_source: 'hero',
  partner_slug: 'parceiro',
  submission_key: 'chave-de-teste',
  consent_version: 'v1',
};

let smtp: CaptureSmtp;
let server: RunningServer;

beforeAll(async () => {
  ensureBuild();
  smtp = await startCaptureSmtp();
  const dataDir = mkdtempSync(join(tmpdir(), 'pilota-malformed-'));
  const spooled = (patch: Record<string, string>) => ({
    type: 'lead' as const,
    lead: toLeadRecord(
      { ...validLead, tipo: 'proprietario', ...patch },
      { id: randomUUID(), now: new Date(), submissionKey: randomUUID(), ipHash: null, userAgent: null },
    ),
  });
  await appendToSpool(dataDir, [spooled(STUCK), spooled({ nome: 'Paulo Depois', email: 'paulo@example.com' })]);
  server = await startBuiltServer({ DATA_DIR: dataDir, SMTP_URL: smtp.url, LEAD_RATE_LIMIT: 'off' });
}, 600_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

/** What the server printed while `run` ran. */
async function logOf(run: () => Promise<void>): Promise<string> {
  const start = server.output().length;
  await run();
  // A line written after the answer has arrived too.
  await logCaughtUp(server);
  return server.output().slice(start);
}

function post(path: string, body: BodyInit, contentType?: string, accept = 'application/json') {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { Origin: server.url, Accept: accept, ...(contentType ? { 'Content-Type': contentType } : {}) },
    body,
    redirect: 'manual',
  });
}

describe('the built server and input it cannot use', () => {
  it('a spooled lead the database refuses is set aside at start; the lead spooled after it is saved and sent', async () => {
    const mail = await smtp.waitFor((message) => message.subject?.includes('Paulo Depois') ?? false, 30_000);
    expect(mail.subject).toContain('Paulo Depois');
    expect(logLines(server.output())).toContain('[leads] saved 1 spooled lead(s)');
    expect(existsSync(spoolPath(server.dataDir))).toBe(false);
    const rejected = readFileSync(rejectedSpoolPath(server.dataDir), 'utf8');
    expect(rejected).toContain('olga.presa@example.com');
    expect(statSync(rejectedSpoolPath(server.dataDir)).mode & 0o777).toBe(0o600);
    for (const trace of STUCK_TRACES) expect(server.output()).not.toContain(trace);
  });

  it('"{" posted as JSON to the lead action is a 400 with a pt-BR message, and no stack trace is logged', async () => {
    let answer: Response | undefined;
    const log = await logOf(async () => {
      answer = await post('/_actions/lead', '{', 'application/json');
    });
    expect(answer!.status).toBe(400);
    expect(((await answer!.json()) as { message: string }).message).toBe(inputMessages.malformedBody);
    expect(log).not.toMatch(STACK_FRAME);
    expect(log).not.toContain('SyntaxError');
  });

  it('broken multipart, to the action or to the form without JavaScript, is a 400, not a 500', async () => {
    for (const path of ['/_actions/lead', '/contato/enviar?_action=lead']) {
      let status = 0;
      const log = await logOf(async () => {
        status = (await post(path, '--x\r\nbroken', 'multipart/form-data; boundary=x')).status;
      });
      expect(status, path).toBe(400);
      expect(log).not.toMatch(STACK_FRAME);
    }
  });

  // Every text field (`tipo` is a choice among four values).
  it.each(Object.keys(validLead).filter((field) => field !== 'tipo'))(
    "a NUL byte in the lead's %s is a 400 with the pt-BR message; nothing is spooled",
    async (field) => {
      const value = validLead[field as keyof typeof validLead];
      const form = new URLSearchParams({ ...validLead, [field]: `${value.slice(0, 2)}\u0000${value.slice(2)}` });
      const answer = await post('/_actions/lead', form, 'application/x-www-form-urlencoded');
      expect(answer.status).toBe(400);
      const body = (await answer.json()) as { fields?: Record<string, string[]> };
      expect(body.fields?.[field]).toEqual([inputMessages.invalidCharacters]);
      expect(existsSync(spoolPath(server.dataDir))).toBe(false);
    },
  );

  it('a NUL byte posted with the form without JavaScript comes back on the page with the pt-BR message', async () => {
    const form = new URLSearchParams({ ...validLead, nome: 'Ana\u0000Souza' });
    const answer = await post('/contato/enviar?_action=lead', form, 'application/x-www-form-urlencoded', 'text/html');
    expect(answer.status).toBe(400);
    const html = await answer.text();
    expect(html).toContain(inputMessages.invalidCharacters);
    expect(existsSync(spoolPath(server.dataDir))).toBe(false);
  });

  it('a NUL byte in an implementation request is a 400 naming the field, not a 500', async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({
      tipoDocumento: 'cpf',
      cpf: '529.982.247-25',
      nomeCompleto: 'Maria\u0000Silva',
      celular: '(11) 98765-4321',
      email: 'maria.nul@example.com',
      emailAcesso: 'acesso.nul@example.com',
      senha: 'senha segura',
    }))
      form.set(key, value);
    let answer: Response | undefined;
    const log = await logOf(async () => {
      answer = await post('/api/implementacao', form);
    });
    expect(answer!.status).toBe(400);
    expect(((await answer!.json()) as { fields: Record<string, string> }).fields['nomeCompleto']).toBe(
      inputMessages.invalidCharacters,
    );
    expect(log).not.toContain('maria.nul');
  });

  it('auth calls with a NUL byte (JSON or form) are a 400 and reach no query', async () => {
    const log = await logOf(async () => {
      const json = await post(
        '/api/auth/sign-in/email',
        JSON.stringify({ email: 'nul\u0000@example.com', password: 'qualquer-coisa-1' }),
        'application/json',
      );
      expect(json.status).toBe(400);
      expect(((await json.json()) as { message: string }).message).toBe(inputMessages.invalidCharacters);
      const form = await post(
        '/api/auth/sign-up/email',
        new URLSearchParams({ name: 'Nul\u0000', email: 'nul@example.com', password: 'Senha-Forte-123!' }),
        'application/x-www-form-urlencoded',
      );
      expect(form.status).toBe(400);
    });
    expect(log).not.toContain('Failed query');
    expect(log).not.toMatch(STACK_FRAME);
  });

  // TRACE is the one a WHATWG Request refuses to carry; PROPFIND reaches Astro if let through.
  it.each([
    ['TRACE', '/api/health/ready?email=ana@example.com&token=segredo-na-query'],
    ['TRACE', '/admin/leads/exportar?q=ana@example.com'],
    ['PROPFIND', '/contato?email=ana@example.com&token=segredo-na-query'],
    ['PROPFIND', '/_actions/lead?token=segredo-na-query'],
  ])('%s %s is a 405 with Allow, logged as one JSON line without the query', async (method, path) => {
    const start = server.output().length;
    const answer = await rawRequest(server.url, method, path, { Origin: server.url });
    expect(answer.status).toBe(405);
    expect(answer.headers['allow']).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    expect(answer.body).toBe(httpMessages.methodNotAllowed);
    expect(answer.headers['x-frame-options']).toBe('DENY');
    const id = answer.headers['x-request-id'];
    const line = await until(() => logEntries(server.output().slice(start)).find((entry) => entry.reqId === id));
    expect(line).toMatchObject({ msg: 'request', method: 'OTHER', route: '(method not allowed)', status: 405 });
    const log = server.output().slice(start);
    expect(log.split('\n').filter((text) => text && !text.startsWith('{'))).toEqual([]);
    expect(log).not.toContain('segredo-na-query');
    expect(log).not.toContain('ana@example.com');
    expect(log).not.toMatch(STACK_FRAME);
  });

  it('the server is still healthy and a valid lead is saved', async () => {
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const answer = await post(
      '/_actions/lead',
      new URLSearchParams({ ...validLead, submission_key: randomUUID() }),
      'application/x-www-form-urlencoded',
    );
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('saved');
  });
});
