/*
 * The sales inbox's tables and columns (migration 0009) on every engine: the
 * pipeline statuses, the rules a status change and a note must keep, the implementation
 * request's status, the generated search column folded exactly as src/lib/search-text.ts
 * folds a query, its trigram index, and leads that existed before the migration.
 */
import { eq, sql } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '~/server/db/client';
import { bundledMigrations, migrateDatabase } from '~/server/db/migrate';
import { contatos, foldSearchSql, leadNotes, leadStatusChanges, solicitacoesImplementacao } from '~/server/db/schema';
import { foldSearchText, SEARCH_FOLD_FROM } from '~/lib/search-text';
import { engines, useTestDatabase } from '../support/db';
import { aLeadRow, type LeadRow } from '../support/leads';

const lead = (overrides: Partial<LeadRow> = {}) =>
  aLeadRow({ email: 'Joao.Avila@Exemplo.com.br', tipo: 'corretor', empresa: 'Imobiliária São Tomé', ...overrides });

/** Rows of a raw `db.execute` (node-postgres and PGlite both answer `{ rows }`). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The database's error code, through drizzle's wrapper. */
async function failure(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code ?? (error as { code?: string }).code ?? 'unknown';
  }
}

describe.each(engines)('inbox schema on %s', (engine) => {
  const t = useTestDatabase(engine);

  it('writes the folded search column at insert and keeps it on update', async () => {
    const [row] = await t.db.insert(contatos).values(lead()).returning();
    expect(row!.status).toBe('novo');
    expect(row!.searchText).toBe('joao avila goncalves joao.avila@exemplo.com.br imobiliaria sao tome 11987654321');
    const [updated] = await t.db
      .update(contatos)
      .set({ nome: '', email: '', celular: '', empresa: '' })
      .where(eq(contatos.id, row!.id))
      .returning();
    expect(updated!.searchText).toBe('   ');
  });

  it('folds in SQL exactly as foldSearchText does', async () => {
    const samples = [
      SEARCH_FOLD_FROM,
      'João Ávila',
      'JOSÉ CONCEIÇÃO',
      'Jose\u0301 decomposto',
      'Łódź Ærø ß ĳ 東京 😀',
      'aspas \' e " e % _ \\',
    ];
    for (const sample of samples) {
      const rows = rowsOf<{ folded: string }>(
        await t.db.execute(sql`select ${foldSearchSql(sql`${sample}::text`)} as folded`),
      );
      expect(rows[0]!.folded, sample).toBe(foldSearchText(sample));
    }
  });

  it('has the trigram index for the search', async () => {
    const rows = rowsOf(
      await t.db.execute(
        sql`select indexname from pg_indexes where tablename = 'contatos' and indexname = 'contatos_search_text_trgm_idx'`,
      ),
    );
    expect(rows).toHaveLength(1);
  });

  it('accepts the five pipeline statuses and nothing else', async () => {
    for (const status of ['novo', 'em_contato', 'qualificado', 'convertido', 'descartado'] as const) {
      await t.db.insert(contatos).values(lead({ status }));
    }
    expect(await failure(t.db.insert(contatos).values(lead({ status: 'perdido' as 'novo' })))).toBe('23514');
  });

  it('records status changes, and refuses a discard without a reason', async () => {
    const [row] = await t.db.insert(contatos).values(lead()).returning();
    const change = { leadId: row!.id, userId: 'u1', userName: 'Vendedora' };
    await t.db.insert(leadStatusChanges).values({ ...change, fromStatus: 'novo', toStatus: 'em_contato' });
    await t.db
      .insert(leadStatusChanges)
      .values({ ...change, fromStatus: 'em_contato', toStatus: 'descartado', reason: 'Sem interesse' });
    for (const reason of [undefined, '', '   ', 'x'.repeat(501)]) {
      expect(
        await failure(
          t.db.insert(leadStatusChanges).values({ ...change, fromStatus: 'novo', toStatus: 'descartado', reason }),
        ),
        JSON.stringify(reason),
      ).toBe('23514');
    }
    expect(
      await failure(
        t.db.insert(leadStatusChanges).values({ ...change, fromStatus: 'novo', toStatus: 'ganho' as 'novo' }),
      ),
    ).toBe('23514');
  });

  it('keeps notes with their lead, never empty, and deletes both with the lead', async () => {
    const [row] = await t.db.insert(contatos).values(lead()).returning();
    await t.db.insert(leadNotes).values({ leadId: row!.id, body: 'Ligar amanhã', userId: 'u1', userName: 'Ana' });
    expect(
      await failure(t.db.insert(leadNotes).values({ leadId: row!.id, body: '  ', userId: 'u1', userName: 'Ana' })),
    ).toBe('23514');
    await t.db
      .insert(leadStatusChanges)
      .values({ leadId: row!.id, fromStatus: 'novo', toStatus: 'em_contato', userId: 'u1', userName: 'Ana' });
    await t.db.delete(contatos).where(eq(contatos.id, row!.id));
    expect(await t.db.select().from(leadNotes)).toEqual([]);
    expect(await t.db.select().from(leadStatusChanges)).toEqual([]);
  });

  it("starts an implementation request at 'recebida' and accepts only its four statuses", async () => {
    const request = {
      tipoDocumento: 'cpf' as const,
      emailAcesso: 'acesso@exemplo.com',
      senhaHash: 'x',
    };
    const [row] = await t.db.insert(solicitacoesImplementacao).values(request).returning();
    expect(row!.status).toBe('recebida');
    expect(
      await failure(
        t.db
          .update(solicitacoesImplementacao)
          .set({ status: 'arquivada' as 'recebida' })
          .where(eq(solicitacoesImplementacao.id, row!.id)),
      ),
    ).toBe('23514');
  });
});

describe('leads saved before migration 0009', () => {
  const handles: { close: () => Promise<void> }[] = [];
  afterAll(async () => {
    for (const handle of handles) await handle.close();
  });

  it("join the pipeline at 'novo', searchable", async () => {
    const handle = await openDatabase({});
    handles.push(handle);
    const internals = handle.db as unknown as { dialect: PgDialect; session: PgSession };
    const before = bundledMigrations().slice(0, 9);
    await internals.dialect.migrate(before, internals.session, { migrationsFolder: '(bundled)' });
    await handle.db.execute(sql`
      insert into contatos (nome, email, celular, tipo, consent_version, consent_at, submission_key, status)
      values ('Márcia Ávila', 'marcia@exemplo.com', '(21) 99876-5432', 'proprietario', '1', now(), 'k1', 'novo'),
             ('Zé Antigo', 'ze@exemplo.com', '(31) 91234-5678', 'corretor', '1', now(), 'k2', 'em_contato')`);
    await migrateDatabase(handle.db);
    const rows = await handle.db
      .select({ nome: contatos.nome, status: contatos.status, searchText: contatos.searchText })
      .from(contatos)
      .orderBy(contatos.nome);
    expect(rows).toEqual([
      { nome: 'Márcia Ávila', status: 'novo', searchText: 'marcia avila marcia@exemplo.com  21998765432' },
      { nome: 'Zé Antigo', status: 'novo', searchText: 'ze antigo ze@exemplo.com  31912345678' },
    ]);
  });
});
