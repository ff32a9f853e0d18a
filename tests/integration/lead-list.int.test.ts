/*
 * The sales inbox's leads list service (src/server/inbox/lead-list.ts) on every engine:
 * each filter of the URL, accent-insensitive search over name, e-mail, phone and empresa,
 * the overdue flag and filter at a fixed clock, São Paulo days for the period, order and pages
 * (by default those waiting for a first reply first), and the next lead of a view (a lead
 * page's "Próximo lead").
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contatos } from '~/server/db/schema';
import { listLeads, nextLeadId } from '~/server/inbox/lead-list';
import { DEFAULT_LEAD_FILTERS, LEADS_PAGE_SIZE, parseLeadFilters } from '~/lib/validation/lead-filters';
import { engines, useTestDatabase } from '../support/db';
import { aLeadRow, firstNameOf, TRACKED_LEAD, type LeadRow } from '../support/leads';

/** São Paulo wall time as an instant. */
const sp = (local: string) => new Date(`${local}-03:00`);
/** Monday 23/11/2026 14h00 in São Paulo. */
const NOW = sp('2026-11-23T14:00:00');

const lead = (nome: string, overrides: Partial<LeadRow> = {}) =>
  aLeadRow({
    nome,
    email: `${firstNameOf(nome)}@exemplo.com.br`,
    celular: '(11) 90000-0000',
    consentAt: NOW,
    createdAt: sp('2026-11-20T10:00:00'),
    ...overrides,
  });

describe.each(engines)('leads list on %s', (engine) => {
  const t = useTestDatabase(engine);
  const list = (query: string) => {
    const { filters, errors } = parseLeadFilters(new URLSearchParams(query));
    expect(errors).toEqual({});
    return listLeads({ db: t.db, now: () => NOW }, filters);
  };
  const names = async (query: string) => (await list(query)).rows.map((row) => row.nome);

  it('filters by each field of the URL, and searches without caring for accents or case', async () => {
    await t.db.insert(contatos).values([
      lead('João Ávila', { ...TRACKED_LEAD, createdAt: sp('2026-11-22T23:30:00') }),
      lead('Maria Souza', {
        utmSource: 'instagram',
        partnerSlug: 'carol-imoveis',
        paginaOrigem: '/parceiro/carol-imoveis',
        ctaSource: 'parceiro-hero',
        createdAt: sp('2026-11-23T00:30:00'),
      }),
      lead('Joana Lima', { tipo: 'imobiliaria', empresa: 'Lima 50% Imóveis', status: 'descartado' }),
    ]);
    expect(await names('q=Joao')).toEqual(['João Ávila']);
    expect(await names('q=JOÃO')).toEqual(['João Ávila']);
    expect(await names('q=avila+joao')).toEqual(['João Ávila']);
    expect(await names('q=conceicao')).toEqual(['João Ávila']);
    expect(await names('q=JOAO.AVILA%40EXEMPLO')).toEqual(['João Ávila']);
    expect(await names('q=%2821%29+98765-4321')).toEqual(['João Ávila']);
    expect(await names('q=987654321')).toEqual(['João Ávila']);
    expect(await names('q=jo&ordem=nome')).toEqual(['Joana Lima', 'João Ávila']);
    expect(await names('q=50%25')).toEqual(['Joana Lima']);
    expect(await names('q=5_%25')).toEqual([]);
    expect(await names('q=ninguem')).toEqual([]);
    expect(await names('status=em_contato')).toEqual(['João Ávila']);
    expect(await names('status=em_contato&status=descartado&ordem=nome')).toEqual(['Joana Lima', 'João Ávila']);
    expect(await names('tipo=corretor')).toEqual(['João Ávila']);
    expect(await names('utm_source=google')).toEqual(['João Ávila']);
    expect(await names('utm_medium=cpc')).toEqual(['João Ávila']);
    expect(await names('utm_campaign=black-friday')).toEqual(['João Ávila']);
    expect(await names('parceiro=carol-imoveis')).toEqual(['Maria Souza']);
    expect(await names('cta=parceiro-hero')).toEqual(['Maria Souza']);
    expect(await names('origem=%2F')).toEqual(['João Ávila']);
    expect(await names('q=jo&tipo=imobiliaria')).toEqual(['Joana Lima']);
    // São Paulo days: 23h30 on the 22nd is the 22nd there, though the 23rd in UTC.
    expect(await names('de=2026-11-22&ate=2026-11-22')).toEqual(['João Ávila']);
    expect(await names('de=23%2F11%2F2026')).toEqual(['Maria Souza']);
    expect(await names('ate=2026-11-21')).toEqual(['Joana Lima']);
  });

  it('flags leads still new past the 2-hour promise, and lists only those when asked', async () => {
    await t.db.insert(contatos).values([
      // Friday 17h00: due Monday 10h00 → overdue at Monday 14h00.
      lead('Friday Late', { createdAt: sp('2026-11-20T17:00:00') }),
      // Saturday: due Monday 11h00 → overdue.
      lead('Weekend', { createdAt: sp('2026-11-21T12:00:00') }),
      // Monday 12h30: due 14h30 → not yet.
      lead('Monday Noon', { createdAt: sp('2026-11-23T12:30:00') }),
      // Monday 12h00 sharp: due 14h00 → overdue from this very instant.
      lead('Monday Twelve', { createdAt: sp('2026-11-23T12:00:00') }),
      // Already contacted: never overdue.
      lead('Contacted', { createdAt: sp('2026-11-20T10:00:00'), status: 'em_contato' }),
    ]);
    const all = await list('ordem=antigos');
    expect(all.rows.map((row) => [row.nome, row.overdue])).toEqual([
      ['Contacted', false],
      ['Friday Late', true],
      ['Weekend', true],
      ['Monday Twelve', true],
      ['Monday Noon', false],
    ]);
    expect(all.rows.find((row) => row.nome === 'Monday Noon')!.replyDueAt).toEqual(sp('2026-11-23T14:30:00'));
    expect(all.rows.find((row) => row.nome === 'Contacted')!.replyDueAt).toBeNull();
    expect(await names('atrasados=1&ordem=antigos')).toEqual(['Friday Late', 'Weekend', 'Monday Twelve']);
  });

  it('pages and counts, newest first by default, the id breaking ties', async () => {
    const same = sp('2026-11-19T10:00:00');
    await t.db.insert(contatos).values(
      Array.from({ length: LEADS_PAGE_SIZE + 7 }, (_, i) =>
        lead(`Pessoa ${String(i).padStart(3, '0')}`, {
          createdAt: i < 10 ? same : new Date(same.getTime() + i * 60_000),
        }),
      ),
    );
    const first = await list('');
    const second = await list('pagina=2');
    expect(first).toMatchObject({ total: LEADS_PAGE_SIZE + 7, page: 1, pageCount: 2 });
    expect(first.rows).toHaveLength(LEADS_PAGE_SIZE);
    expect(first.rows[0]!.nome).toBe(`Pessoa ${String(LEADS_PAGE_SIZE + 6).padStart(3, '0')}`);
    expect(second.rows).toHaveLength(7);
    const ids = [...first.rows, ...second.rows].map((row) => row.id);
    expect(new Set(ids).size).toBe(LEADS_PAGE_SIZE + 7);
    const beyond = await list('pagina=9');
    expect(beyond).toMatchObject({ rows: [], total: LEADS_PAGE_SIZE + 7, pageCount: 2 });
    expect((await list('ordem=nome')).rows[0]!.nome).toBe('Pessoa 000');
    expect((await list('ordem=nome_desc')).rows[0]!.nome).toBe(
      `Pessoa ${String(LEADS_PAGE_SIZE + 6).padStart(3, '0')}`,
    );
  });

  it("walks a view's leads one by one in the list's own order, even from a lead that has left the view", async () => {
    const same = sp('2026-11-19T10:00:00');
    await t.db.insert(contatos).values(
      Array.from({ length: 12 }, (_, i) =>
        lead(`Pessoa ${String((i * 7) % 12).padStart(2, '0')}`, {
          // Four share their instant: the id breaks the tie, as in the list.
          createdAt: i < 4 ? same : new Date(same.getTime() + i * 60_000),
          status: i % 3 === 2 ? 'em_contato' : 'novo',
        }),
      ),
    );
    for (const query of [
      'status=novo',
      '',
      'ordem=recentes',
      'status=novo&ordem=antigos',
      'status=novo&ordem=nome',
      'ordem=nome_desc',
    ]) {
      const { filters } = parseLeadFilters(new URLSearchParams(query));
      const listed = (await list(query)).rows.map((row) => row.id);
      const walked = [listed[0]!];
      for (let next = await nextLeadId({ db: t.db, now: () => NOW }, filters, listed[0]!); next;) {
        walked.push(next);
        next = await nextLeadId({ db: t.db, now: () => NOW }, filters, next);
      }
      expect(walked, query).toEqual(listed);
    }
    // A new lead answered from the "novos" view is no longer in it; its next is still the one after it.
    const { filters } = parseLeadFilters(new URLSearchParams('status=novo'));
    const [first, second] = (await list('status=novo')).rows.map((row) => row.id);
    await t.db.update(contatos).set({ status: 'em_contato' }).where(eq(contatos.id, first!));
    expect(await nextLeadId({ db: t.db, now: () => NOW }, filters, first!, true)).toBe(second);
  });

  it('lists the leads waiting for a first reply first — new and overdue alike — each group newest first', async () => {
    await t.db
      .insert(contatos)
      .values([
        lead('Antigo Respondido', { status: 'em_contato', createdAt: sp('2026-11-23T09:00:00') }),
        lead('Novo No Prazo', { createdAt: sp('2026-11-23T13:30:00') }),
        lead('Respondido Agora', { status: 'qualificado', createdAt: sp('2026-11-23T13:50:00') }),
        lead('Atrasado', { createdAt: sp('2026-11-20T10:00:00') }),
        lead('Descartado Ontem', { status: 'descartado', createdAt: sp('2026-11-22T10:00:00') }),
      ]);
    const page = await list('');
    expect(page.rows.map((row) => `${row.nome}${row.overdue ? ' (atrasado)' : ''}`)).toEqual([
      'Novo No Prazo',
      'Atrasado (atrasado)',
      'Respondido Agora',
      'Antigo Respondido',
      'Descartado Ontem',
    ]);
    expect(await names('ordem=recentes')).toEqual([
      'Respondido Agora',
      'Novo No Prazo',
      'Antigo Respondido',
      'Descartado Ontem',
      'Atrasado',
    ]);
    const [novo, atrasado, respondido, antigo] = page.rows.map((row) => row.id);
    const { filters } = parseLeadFilters(new URLSearchParams(''));
    // One opened among the answered ones goes on among them, never back to the waiting ones…
    expect(await nextLeadId({ db: t.db, now: () => NOW }, filters, respondido!)).toBe(antigo);
    // …and, answered from its page, the newest waiting lead goes on to the next waiting one, then to the others.
    await t.db.update(contatos).set({ status: 'em_contato' }).where(eq(contatos.id, novo!));
    expect(await nextLeadId({ db: t.db, now: () => NOW }, filters, novo!, true)).toBe(atrasado);
    await t.db.update(contatos).set({ status: 'em_contato' }).where(eq(contatos.id, atrasado!));
    expect(await nextLeadId({ db: t.db, now: () => NOW }, filters, atrasado!, true)).toBe(respondido);
  });

  it('answers an empty database', async () => {
    expect(await listLeads({ db: t.db, now: () => NOW }, DEFAULT_LEAD_FILTERS)).toEqual({
      rows: [],
      total: 0,
      page: 1,
      pageSize: LEADS_PAGE_SIZE,
      pageCount: 1,
    });
  });
});
