/*
 * The leads CSV export (src/server/inbox/lead-export.ts) on every engine: every lead of the
 * view exactly once, in the list's order, across pages (keyset, also for rows created within
 * one millisecond), with the view's filters, and a file that parses back to the values.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contatos } from '~/server/db/schema';
import { seedDemoLeads } from '~/server/inbox/demo-leads';
import { EXPORT_PAGE_SIZE, leadsCsv, leadsForExport } from '~/server/inbox/lead-export';
import { listLeads } from '~/server/inbox/lead-list';
import { parseLeadFilters } from '~/lib/validation/lead-filters';
import { engines, useTestDatabase } from '../support/db';
import { parseCsv } from '../support/csv-parse';

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
    await t.db.insert(contatos).values({
      nome: '=HYPERLINK("http://x";"clique")',
      email: 'joao@exemplo.com',
      celular: '(11) 98765-4321',
      tipo: 'imobiliaria',
      empresa: 'Imóveis; "Centro"',
      mensagem: 'linha 1\nlinha 2',
      utmSource: '+google',
      consentVersion: '1',
      consentAt: NOW,
      submissionKey: 'k1',
      createdAt: new Date('2026-11-20T02:30:00Z'),
    });
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
  });
});
