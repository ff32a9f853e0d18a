/*
 * The leads list's view in the URL (src/lib/validation/lead-filters.ts): what each param
 * means, bad values dropped with a pt-BR message (never a failure), and the canonical URL
 * that parses back to the same view.
 */
import { describe, expect, it } from 'vitest';
import { leadFilterMessages as m } from '~/messages/inbox/leads-list';
import {
  activeFilterCount,
  DEFAULT_LEAD_FILTERS,
  leadFiltersToSearchParams,
  parseLeadFilters,
  type LeadFilters,
} from '../../src/lib/validation/lead-filters';

const parse = (query: string) => parseLeadFilters(new URLSearchParams(query));

describe('parseLeadFilters', () => {
  it('gives the defaults for an empty URL', () => {
    expect(parse('')).toEqual({ filters: DEFAULT_LEAD_FILTERS, errors: {} });
  });

  it('reads every filter', () => {
    const { filters, errors } = parse(
      'q=+Joao+Silva+&status=novo&status=em_contato&tipo=corretor,imobiliaria&atrasados=1' +
        '&utm_source=google&utm_medium=cpc&utm_campaign=black-friday&parceiro=ana-imoveis&cta=hero' +
        '&origem=%2Fgestao&de=2026-11-01&ate=30%2F11%2F2026&ordem=nome&pagina=3',
    );
    expect(errors).toEqual({});
    expect(filters).toEqual({
      q: 'Joao Silva',
      status: ['novo', 'em_contato'],
      tipo: ['corretor', 'imobiliaria'],
      atrasados: true,
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'black-friday',
      parceiro: 'ana-imoveis',
      cta: 'hero',
      origem: '/gestao',
      de: '2026-11-01',
      ate: '2026-11-30',
      ordem: 'nome',
      pagina: 3,
    } satisfies LeadFilters);
  });

  it('ignores empty params and repeated values', () => {
    expect(parse('q=&status=&status=novo&status=novo&utm_source=%20&pagina=').filters).toEqual({
      ...DEFAULT_LEAD_FILTERS,
      status: ['novo'],
    });
  });

  it.each([
    ['status=perdido', 'status', m.status],
    ['status=novo&status=NOVO', 'status', m.status],
    ['tipo=inquilino', 'tipo', m.tipo],
    ['de=31/02/2026', 'de', m.data],
    ['de=2026-13-01', 'de', m.data],
    ['ate=ontem', 'ate', m.data],
    ['de=2026-11-30&ate=2026-11-01', 'ate', m.periodo],
    ['q=' + 'x'.repeat(201), 'q', m.busca],
    ['utm_source=' + 'x'.repeat(201), 'utm_source', m.text],
    ['parceiro=Ana%20Im%C3%B3veis', 'parceiro', m.parceiro],
    ['ordem=preco', 'ordem', m.ordem],
    ['pagina=0', 'pagina', m.pagina],
    ['pagina=-1', 'pagina', m.pagina],
    ['pagina=1.5', 'pagina', m.pagina],
    ['pagina=abc', 'pagina', m.pagina],
    ['pagina=999999', 'pagina', m.pagina],
    ['atrasados=talvez', 'atrasados', m.atrasados],
  ])('%s: dropped, with a message on %s', (query, param, message) => {
    const { filters, errors } = parse(query);
    expect(errors).toEqual({ [param]: message });
    expect(filters).toMatchObject({ ordem: 'prioridade', pagina: 1 });
  });

  it('keeps the good filters beside a bad one', () => {
    const { filters, errors } = parse('status=perdido&tipo=corretor&q=Jo%C3%A3o&pagina=x');
    expect(errors).toEqual({ status: m.status, pagina: m.pagina });
    expect(filters).toEqual({ ...DEFAULT_LEAD_FILTERS, tipo: ['corretor'], q: 'João' });
  });

  it('reads the salesperson filter: "eu" (Meus leads), "nenhum" or an account id, and drops anything else', () => {
    expect(parse('responsavel=eu').filters.responsavel).toBe('eu');
    expect(parse('responsavel=nenhum').filters.responsavel).toBe('nenhum');
    expect(parse('responsavel=Ab_12-x').filters.responsavel).toBe('Ab_12-x');
    expect(parse('responsavel=a%27%20or%201%3D1')).toEqual({
      filters: DEFAULT_LEAD_FILTERS,
      errors: { responsavel: m.responsavel },
    });
    expect(leadFiltersToSearchParams(parse('pagina=2&responsavel=eu&status=novo').filters).toString()).toBe(
      'status=novo&responsavel=eu&pagina=2',
    );
  });

  it('keeps the start of a period when only the end is before it', () => {
    expect(parse('de=2026-11-30&ate=2026-11-01').filters).toMatchObject({ de: '2026-11-30' });
  });
});

describe('leadFiltersToSearchParams', () => {
  it('leaves the defaults out', () => {
    expect(leadFiltersToSearchParams(DEFAULT_LEAD_FILTERS).toString()).toBe('');
  });

  it('writes params in a fixed order, whatever order the URL had', () => {
    const { filters } = parse('pagina=2&ordem=antigos&status=qualificado&q=ana&atrasados=sim');
    expect(leadFiltersToSearchParams(filters).toString()).toBe(
      'q=ana&status=qualificado&atrasados=1&ordem=antigos&pagina=2',
    );
  });

  it.each([
    '',
    'q=Jo%C3%A3o+da+Silva&status=novo&status=descartado&tipo=proprietario&atrasados=1',
    'utm_source=instagram&utm_medium=social&utm_campaign=lan%C3%A7amento+2026&parceiro=joao-corretor&cta=pricing-anual',
    'origem=%2Fparceiro%2Fana&de=2026-01-01&ate=2026-01-31&ordem=nome_desc&pagina=40',
    'q=50%25+%26+co%3B+%22x%22',
  ])('round-trips %j', (query) => {
    const { filters } = parse(query);
    const again = parseLeadFilters(leadFiltersToSearchParams(filters));
    expect(again).toEqual({ filters, errors: {} });
    expect(leadFiltersToSearchParams(again.filters).toString()).toBe(leadFiltersToSearchParams(filters).toString());
  });
});

describe('activeFilterCount', () => {
  it('counts what narrows the view, not the order, the page nor the views\' own owner', () => {
    expect(activeFilterCount(DEFAULT_LEAD_FILTERS)).toBe(0);
    const view = parseLeadFilters(
      new URLSearchParams('status=novo&status=qualificado&tipo=corretor&q=ana&atrasados=1&de=2026-11-01&ordem=nome&pagina=3'),
    ).filters;
    expect(activeFilterCount(view)).toBe(6);
    expect(activeFilterCount({ ...DEFAULT_LEAD_FILTERS, responsavel: 'eu' })).toBe(0);
    expect(activeFilterCount({ ...DEFAULT_LEAD_FILTERS, responsavel: 'todos' })).toBe(0);
    expect(activeFilterCount({ ...DEFAULT_LEAD_FILTERS, responsavel: 'nenhum' })).toBe(1);
  });

  it('keeps `responsavel=todos` in the canonical URL, so "Todos" stays a view of its own', () => {
    const { filters } = parseLeadFilters(new URLSearchParams('responsavel=todos'));
    expect(leadFiltersToSearchParams(filters).toString()).toBe('responsavel=todos');
  });
});
