/*
 * Phones stored as national digits on every engine: migration 0023 turns the masked rows
 * the table held ("(11) 98765-4321") into digits, leads and implementation requests alike,
 * and leaves the generated search column as it was; a lead the service saves is stored as
 * digits; a phone typed in any shape finds the lead, whichever shape the row holds.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '~/server/db/client';
import { bundledMigrations } from '~/server/db/migrate';
import { contatos, solicitacoesImplementacao } from '~/server/db/schema';
import { listLeads } from '~/server/inbox/lead-list';
import { toLeadRecord } from '~/server/leads/lead-record';
import { leadSchema } from '~/lib/validation/lead';
import { parseLeadFilters } from '~/lib/validation/lead-filters';
import { engines, useTestDatabase, type TestDatabase } from '../support/db';
import { aLeadInput, aLeadRow } from '../support/leads';

const PHONE_DIGITS_MIGRATION = bundledMigrations().find((migration) => migration.tag === '0023_phone_digits')!;

const aRequest = (overrides: Partial<typeof solicitacoesImplementacao.$inferInsert>) => ({
  tipoDocumento: 'cnpj' as const,
  emailAcesso: 'acesso@exemplo.com.br',
  senhaHash: 'scrypt$16384$8$1$c2FsdA$aGFzaA',
  cnpj: '11222333000181',
  razaoSocial: 'Imobiliária Exemplo',
  responsavelCpf: '52998224725',
  responsavelNome: 'Rita Souza',
  responsavelEmail: 'rita@exemplo.com.br',
  ...overrides,
});

/**
 * Runs the phone migration's statements again on a migrated database, as a deploy runs them on
 * one that predates it (later migrations, already applied, are not its business).
 */
async function rerunPhoneMigration(t: TestDatabase): Promise<void> {
  const run = async (db: TestDatabase['db']) => {
    for (const statement of PHONE_DIGITS_MIGRATION.sql) await db.execute(sql.raw(statement));
  };
  // Migrations go through a direct connection, as the server's start runs them.
  if (!t.directUrl) return run(t.db);
  const direct = await openDatabase({ databaseUrl: t.directUrl, maxConnections: 1 });
  await run(direct.db).finally(() => direct.close());
}

describe.each(engines)('phones as digits on %s', (engine) => {
  const t = useTestDatabase(engine);
  const search = async (q: string) => {
    const { filters } = parseLeadFilters(new URLSearchParams({ q }));
    return (await listLeads({ db: t.db, now: () => new Date() }, filters)).rows.map((row) => row.nome);
  };

  it('the migration turns masked phones into digits and keeps every lead searchable', async () => {
    expect(PHONE_DIGITS_MIGRATION.sql.join('')).toContain('"celular"');
    await t.db
      .insert(contatos)
      .values([
        aLeadRow({ nome: 'Márcia Móvel', celular: '(21) 99876-5432' }),
        aLeadRow({ nome: 'Fábio Fixo', celular: '(11) 3456-7890' }),
        aLeadRow({ nome: 'Dora Dígitos', celular: '31912345678' }),
        aLeadRow({ nome: 'Anônimo', email: '', celular: '' }),
      ]);
    await t.db
      .insert(solicitacoesImplementacao)
      .values([
        aRequest({ emailAcesso: 'a@exemplo.com.br', responsavelCelular: '(41) 99876-1234' }),
        aRequest({ emailAcesso: 'b@exemplo.com.br', responsavelCelular: '41998761235' }),
      ]);

    await rerunPhoneMigration(t);

    const leads = await t.db
      .select({ nome: contatos.nome, celular: contatos.celular, searchText: contatos.searchText })
      .from(contatos)
      .orderBy(contatos.nome);
    expect(leads.map(({ nome, celular }) => [nome, celular])).toEqual([
      ['Anônimo', ''],
      ['Dora Dígitos', '31912345678'],
      ['Fábio Fixo', '1134567890'],
      ['Márcia Móvel', '21998765432'],
    ]);
    for (const lead of leads) expect(lead.searchText.endsWith(` ${lead.celular}`)).toBe(true);
    const requests = await t.db
      .select({ celular: solicitacoesImplementacao.celular, responsavel: solicitacoesImplementacao.responsavelCelular })
      .from(solicitacoesImplementacao)
      .orderBy(solicitacoesImplementacao.emailAcesso);
    expect(requests).toEqual([
      { celular: null, responsavel: '41998761234' },
      { celular: null, responsavel: '41998761235' },
    ]);

    for (const typed of ['(21) 99876-5432', '+55 21 99876-5432', '0055 21 99876 5432', '021.99876.5432', '98765'])
      expect(await search(typed)).toEqual(['Márcia Móvel']);
    expect(await search('(11) 3456-7890')).toEqual(['Fábio Fixo']);
  });

  it('a lead the form sends is stored as digits, and a masked row is still found by any shape', async () => {
    const record = toLeadRecord(leadSchema.parse(aLeadInput({ celular: '+55 11 98765-4321' })), {
      id: crypto.randomUUID(),
      now: new Date(),
      submissionKey: crypto.randomUUID(),
      ipHash: null,
      userAgent: null,
    });
    expect(record.celular).toBe('11987654321');
    await t.db.insert(contatos).values([record, aLeadRow({ nome: 'Linha Mascarada', celular: '(31) 91234-5678' })]);
    const [stored] = await t.db.select().from(contatos).where(eq(contatos.id, record.id));
    expect(stored!.celular).toBe('11987654321');
    expect(await search('(11) 98765-4321')).toEqual(['Ana Souza']);
    expect(await search('+55 31 91234-5678')).toEqual(['Linha Mascarada']);
  });
});
