/*
 * The leads CSV export (src/server/inbox/lead-export.ts) on every engine: every lead of the
 * view exactly once, in the list's order, across pages (keyset, also for rows created within
 * one millisecond), with the view's filters, and a file that parses back to the values.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contatos } from '~/server/db/schema';
import { seedDemoLeads } from '../../scripts/support/demo-leads';
import { leadsListCopy } from '~/messages/inbox/leads-list';
import { createExportSlots, EXPORT_RETRY_AFTER_SECONDS, releasedWhenDone } from '~/server/inbox/export-slots';
import { EXPORT_PAGE_SIZE, leadsCsv, leadsForExport } from '~/server/inbox/lead-export';
import { listLeads } from '~/server/inbox/lead-list';
import { parseLeadFilters } from '~/lib/validation/lead-filters';
import { engines, useTestDatabase } from '../support/db';
import { parseCsv } from '../support/csv-parse';
import { aLeadRow } from '../support/leads';

const NOW = new Date('2026-11-23T17:00:00Z');
const filtersOf = (query: string) => parseLeadFilters(new URLSearchParams(query)).filters;

describe.each(engines)('leads CSV export on %s', (engine) => {
  const t = useTestDatabase(engine);
  const deps = () => ({ db: t.db, now: () => NOW });

  it('exports every lead of the view once, in the list order, across keyset pages', async () => {
    await seedDemoLeads(t.db, { count: EXPORT_PAGE_SIZE + 300, now: NOW, seed: 5 });
    // Rows within one millisecond (microseconds apart), right where a page may end.
    await t.db.execute(sql`
      insert into contatos (nome, email, celular, tipo, consent_version, consent_at, submission_key, created_at)
      select 'Micro ' || i, 'micro' || i || '@exemplo.com', '(11) 90000-0000', 'corretor', '1', now(), 'micro-' || i,
             timestamptz '2026-11-20 12:00:00.123' + (i || ' microseconds')::interval
        from generate_series(1, 40) as i`);
    for (const query of ['', 'ordem=antigos', 'ordem=nome', 'ordem=nome_desc&tipo=corretor', 'q=silva']) {
      const filters = filtersOf(query);
      const ids: string[] = [];
      for await (const lead of leadsForExport(deps(), filters)) ids.push(lead.id);
      const page = await listLeads(deps(), filters);
      expect(ids, query).toHaveLength(page.total);
      expect(new Set(ids).size, query).toBe(ids.length);
      expect(ids.slice(0, page.rows.length), query).toEqual(page.rows.map((row) => row.id));
    }
    // Small pages over the rows of one millisecond: every page boundary falls inside it.
    for (const query of ['q=micro', 'q=micro&ordem=antigos']) {
      const ids: string[] = [];
      for await (const lead of leadsForExport(deps(), filtersOf(query), 7)) ids.push(lead.id);
      expect(ids, query).toHaveLength(40);
      expect(new Set(ids).size, query).toBe(40);
    }
  });

  it('writes a file for Excel in Brazil that parses back, formulas neutralised', async () => {
    await t.db.insert(contatos).values(
      aLeadRow({
        nome: '=HYPERLINK("http://x";"clique")',
        email: 'joao@exemplo.com',
        tipo: 'imobiliaria',
        empresa: 'Imóveis; "Centro"',
        mensagem: 'linha 1\nlinha 2',
        utmSource: '+google',
        consentAt: NOW,
        createdAt: new Date('2026-11-20T02:30:00Z'),
      }),
    );
    const bytes = new Uint8Array(await new Response(leadsCsv(deps(), filtersOf(''))).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, row, ...rest] = parseCsv(new TextDecoder().decode(bytes.slice(3)));
    expect(rest).toEqual([]);
    expect(header!.slice(0, 7)).toEqual(['Data', 'Nome', 'E-mail', 'Celular', 'Tipo', 'Empresa', 'Status']);
    const cell = (name: string) => row![header!.indexOf(name)];
    expect(cell('Data')).toBe('19/11/2026 23:30');
    expect(cell('Nome')).toBe(`'=HYPERLINK("http://x";"clique")`);
    expect(cell('Empresa')).toBe('Imóveis; "Centro"');
    expect(cell('Mensagem')).toBe('linha 1\nlinha 2');
    expect(cell('utm_source')).toBe("'+google");
    expect(cell('Tipo')).toBe('Imobiliária');
    expect(cell('Status')).toBe('Novo');
    expect(cell('Atrasado')).toBe('Sim');
    expect(cell('Consentimento de marketing')).toBe('Não');
  });

  /*
   * At most one export per person and two in all: the rest are refused at once with the
   * pt-BR message and Retry-After, and a slot frees as soon as its file is written out or
   * its download is cancelled. Exports are held open by reading only their first chunk.
   */
  it('runs one export per person and two in all; a slot frees when its export ends or is cancelled', async () => {
    await seedDemoLeads(t.db, { count: 2_000, now: NOW, seed: 9 });
    const slots = createExportSlots();
    const open = (userId: string) => {
      const slot = slots.acquire(userId);
      if (!slot.granted) return slot;
      return { ...slot, reader: releasedWhenDone(leadsCsv(deps(), filtersOf('')), slot.release).getReader() };
    };
    const ana = open('ana');
    expect(ana.granted).toBe(true);
    if (!ana.granted) return;
    expect((await ana.reader.read()).done).toBe(false);

    expect(open('ana')).toEqual({
      granted: false,
      reason: 'yours',
      message: leadsListCopy.exportarEmAndamento,
      retryAfterSeconds: EXPORT_RETRY_AFTER_SECONDS,
    });
    const bia = open('bia');
    expect(bia.granted).toBe(true);
    if (!bia.granted) return;
    expect((await bia.reader.read()).done).toBe(false);
    expect(open('caio')).toMatchObject({ granted: false, reason: 'busy', message: leadsListCopy.exportarOcupado });
    expect(slots.inUse()).toBe(2);

    // Ana's file written out to the end: her slot is free, for Caio.
    let lines = 0;
    for (;;) {
      const { done, value } = await ana.reader.read();
      if (done) break;
      lines += new TextDecoder().decode(value).split('\r\n').length - 1;
    }
    expect(lines).toBeGreaterThan(1_000);
    expect(slots.inUse()).toBe(1);
    const caio = open('caio');
    expect(caio.granted).toBe(true);
    if (!caio.granted) return;
    expect(open('ana')).toMatchObject({ granted: false, reason: 'busy' });

    // Bia's download cancelled: her slot is free too, and Ana may export again.
    await bia.reader.cancel();
    expect(open('ana').granted).toBe(true);
    await caio.reader.cancel();
    expect(slots.inUse()).toBe(1);
  });
});
