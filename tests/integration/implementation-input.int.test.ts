/*
 * Bad input and a private log, for the implementation request: POST /api/implementacao
 * from the real handler down to the real database (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set). A NUL byte in any text field is refused with the pt-BR
 * message and stores nothing (never a 500); a value the database itself refuses
 * is a 400, not a 500; and the server log never carries the request's personal data
 * (a failed query's parameters would print the CPF, phone, e-mails and the password's hash).
 */
import type { APIContext } from 'astro';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { inputMessages } from '~/messages/input';
import { privateFiles, solicitacoesImplementacao } from '~/server/db/schema';
import { deliveryStack, type DeliveryStack } from '../../scripts/support/deliveries';
import { createMailer } from '~/server/mail';
import { POST } from '~/pages/api/implementacao';
import { aCnpjRequest, aCpfRequest } from '../support/implementation-fields';
import { engines, useTestDatabase, type TestDatabase } from '../support/db';
import { testRuntime } from '../../scripts/support/service-deps';
import { captureLog, logLines, quietLog } from '../support/log';

const PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

const cpfFields = aCpfRequest({
  nomeCompleto: 'Maria Sigilosa',
  email: 'maria.sigilosa@example.com',
  emailAcesso: 'acesso.sigiloso@example.com',
  senha: 'senha secreta demais',
});

const cnpjFields = aCnpjRequest({
  razaoSocial: 'Imobiliária Sigilosa Ltda.',
  responsavelNome: 'João Sigiloso',
  responsavelEmail: 'joao.sigiloso@example.com',
  senha: 'senha secreta demais',
});

/** What identifies the person in either request, masked or not. */
const PERSONAL = [
  ...Object.values(cpfFields).filter((value) => value.length > 3),
  ...Object.values(cnpjFields).filter((value) => value.length > 3),
  '52998224725',
  '11987654321',
  '11144477735',
  'scrypt$',
];

function form(fields: Record<string, string>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  body.set('cnh', new Blob([PDF], { type: 'application/pdf' }), 'cnh.pdf');
  body.set('responsavelCnh', new Blob([PDF], { type: 'application/pdf' }), 'cnh.pdf');
  return body;
}

describe.each(engines)('implementation request input on %s', (engine) => {
  const t: TestDatabase = useTestDatabase(engine);
  let stack: DeliveryStack;
  const logged: string[] = [];
  let serverLog: ReturnType<typeof captureLog> | undefined;

  beforeAll(async () => {
    stack = deliveryStack(t.handle, {
      sendMail: createMailer({ mailFrom: 'Pilota <x@pilota.example>' }, quietLog),
      log: quietLog,
    });
    await stack.start();
  });
  afterAll(async () => {
    await stack.stop(2_000);
  });
  beforeEach(() => {
    logged.length = 0;
    // The route logs through the server's logger; anything a library prints goes to the console: collect both.
    serverLog = captureLog();
    for (const level of ['error', 'warn', 'log'] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        logged.push(args.map((arg) => (arg instanceof Error ? `${arg.message}\n${arg.stack}` : String(arg))).join(' '));
      });
    }
  });
  afterEach(() => {
    serverLog?.stop();
    vi.restoreAllMocks();
  });

  async function submit(fields: Record<string, string>) {
    const request = new Request('http://localhost/api/implementacao', { method: 'POST', body: form(fields) });
    const response = await POST({
      request,
      params: {},
      clientAddress: '203.0.113.7',
      locals: {
        runtime: testRuntime({
          db: t.db,
          stack,
          config: { siteUrl: 'https://pilota.example', leadNotifyTo: 'time@pilota.example', authSecret: 'segredo' },
          now: () => new Date(),
        }),
      },
    } as unknown as APIContext);
    return {
      status: response.status,
      json: (await response.json()) as { error: string; fields?: Record<string, string> },
    };
  }

  const stored = async () =>
    (await t.db.select().from(solicitacoesImplementacao)).length + (await t.db.select().from(privateFiles)).length;

  const cases = [
    ...Object.keys(cpfFields)
      .filter((field) => field !== 'tipoDocumento')
      .map((field) => ['cpf', field] as const),
    ...Object.keys(cnpjFields)
      .filter((field) => field !== 'tipoDocumento')
      .map((field) => ['cnpj', field] as const),
  ];

  it.each(cases)(
    'a %s request with a NUL byte in %s is a 400 with the pt-BR message; nothing is stored',
    async (tipo, field) => {
      const fields = { ...(tipo === 'cpf' ? cpfFields : cnpjFields) };
      fields[field] = `${fields[field]!.slice(0, 3)}\u0000${fields[field]!.slice(3)}`;
      const { status, json } = await submit(fields);
      expect(status).toBe(400);
      expect(json.fields?.[field]).toBe(inputMessages.invalidCharacters);
      expect(await stored()).toBe(0);
    },
  );

  it('a value the database refuses is a 400 with the pt-BR message, logged without any personal data', async () => {
    // A real refusal by the real database: a CHECK constraint this test adds (and removes).
    await t.db.execute(
      sql`alter table solicitacoes_implementacao add constraint teste_recusa check (nome_completo <> 'Maria Sigilosa')`,
    );
    try {
      const { status, json } = await submit(cpfFields);
      expect(status).toBe(400);
      expect(json.error).toBe(inputMessages.dataRejected);
    } finally {
      await t.db.execute(sql`alter table solicitacoes_implementacao drop constraint teste_recusa`);
    }
    expect(await stored()).toBe(0);
    const log = [...logged, ...logLines(serverLog!.output())].join('\n');
    expect(log).toContain('23514');
    for (const value of PERSONAL) expect(log).not.toContain(value);
    expect(log).not.toContain('params');
  });
});
