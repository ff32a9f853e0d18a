/*
 * The sales reports: the service (src/server/inbox/reports.ts) on every
 * engine with leads at known São Paulo times, statuses, UTMs, partners and status changes —
 * exact counts per day and per week across the day boundary, conversion rates per dimension,
 * the median time to first contact and the partner leaderboard; then /admin/relatorios
 * through the built server: figures and data tables rendered, the sales team admitted, an
 * editor refused, bad dates answered in pt-BR with the default period.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salespersonReportCopy } from '~/messages/lead-ownership';
import { reportPeriodMessages, reportsCopy } from '~/messages/inbox/reports';
import { buckets, conversionRate, partnerLeaderboard, totals } from '~/lib/reports';
import type { LeadStatus } from '~/lib/lead-pipeline';
import { contatos } from '~/server/db/schema';
import { changeLeadStatus } from '~/server/inbox/pipeline';
import { leadReport, salesReports } from '~/server/inbox/reports';
import { businessSecondsBetween } from '~/lib/reply-deadline';
import { teamCookie } from '../../scripts/support/blog-accounts';
import { engines, useTestDatabase } from '../support/db';
import { ensureBuild } from '../support/ensure-build';
import { rawRequest } from '../../scripts/support/raw-http';
import { startBuiltServer, type RunningServer } from '../../scripts/support/server';
import { startCaptureSmtp, type CaptureSmtp } from '../../scripts/support/smtp';
import { aLeadRow, type LeadRow } from '../support/leads';

/** São Paulo wall time as an instant. */
const sp = (local: string) => new Date(`${local}-03:00`);
const MINUTE = 60_000;

const lead = (id: string, createdAt: Date, overrides: Partial<LeadRow> = {}) =>
  aLeadRow({ id, nome: `Contato ${id.slice(-2)}`, email: `c${id.slice(-2)}@exemplo.com.br`, createdAt, ...overrides });
const id = (n: number) => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;
const A = id(1);
const B = id(2);
const C = id(3);
const D = id(4);
const E = id(5);
const F = id(6);
const G = id(7);

describe.each(engines)('reports service on %s', (engine) => {
  const t = useTestDatabase(engine);

  async function seed() {
    const aAt = sp('2026-11-20T23:30:00'); // 21/11 02:30 UTC, still the 20th in São Paulo
    const bAt = sp('2026-11-21T00:10:00');
    const cAt = sp('2026-11-21T10:00:00');
    const dAt = sp('2026-11-23T09:00:00');
    const fAt = sp('2026-11-15T23:59:00'); // the day before the period
    await t.db.insert(contatos).values([
      lead(A, aAt, {
        utmSource: 'google',
        utmCampaign: 'black-friday',
        tipo: 'corretor',
        ctaSource: 'hero-consultor',
      }),
      lead(B, bAt, {
        utmSource: 'google',
        utmCampaign: 'carol-imoveis',
        partnerSlug: 'carol-imoveis',
        ctaSource: 'parceiro-hero',
      }),
      lead(C, cAt, {
        utmSource: 'instagram',
        partnerSlug: 'carol-imoveis',
        ctaSource: 'parceiro-hero',
      }),
      lead(D, dAt, { partnerSlug: 'rafa-corretor', tipo: 'imobiliaria', empresa: 'X' }),
      lead(E, sp('2026-11-16T08:00:00')),
      lead(F, fAt, { utmSource: 'google' }),
      lead(G, sp('2026-11-24T00:00:00'), { utmSource: 'google', status: 'convertido' }),
    ]);
    // Through the pipeline, as the team moves leads, each at its own clock.
    const move = async (leadId: string, at: Date, de: LeadStatus, para: LeadStatus) => {
      const result = await changeLeadStatus(
        { db: t.db, now: () => at },
        { leadId, de, para, ...(para === 'descartado' ? { motivo: 'Sem interesse' } : {}) },
        { id: 'u1', name: 'Carla' },
      );
      expect(result.status).toBe('changed');
    };
    const after = (at: Date, minutes: number) => new Date(at.getTime() + minutes * MINUTE);
    // A: first out of novo after 30 min; back to novo and out again later must not count.
    await move(A, after(aAt, 30), 'novo', 'em_contato');
    await move(A, after(aAt, 40), 'em_contato', 'novo');
    await move(A, after(aAt, 50), 'novo', 'qualificado');
    await move(A, after(aAt, 600), 'qualificado', 'convertido');
    await move(B, after(bAt, 120), 'novo', 'qualificado');
    await move(B, after(bAt, 300), 'qualificado', 'convertido');
    await move(C, after(cAt, 60), 'novo', 'em_contato');
    await move(D, after(dAt, 240), 'novo', 'convertido');
    // F is outside the period: its 1-minute first contact must not pull the median down.
    await move(F, after(fAt, 1), 'novo', 'convertido');
  }

  it('counts per São Paulo day and week, by dimension, with the median first contact', async () => {
    await seed();
    const period = { de: '2026-11-16', ate: '2026-11-23' };
    const report = await leadReport({ db: t.db }, period);

    expect([...report.days].sort((a, b) => a.day.localeCompare(b.day))).toEqual([
      { day: '2026-11-16', leads: 1, conversions: 0 },
      { day: '2026-11-20', leads: 1, conversions: 1 },
      { day: '2026-11-21', leads: 2, conversions: 1 },
      { day: '2026-11-23', leads: 1, conversions: 1 },
    ]);
    expect(totals(report.days)).toEqual({ leads: 5, conversions: 3 });
    expect(conversionRate(totals(report.days))).toBe(0.6);
    expect(buckets(period.de, period.ate, report.days, 'dia')).toHaveLength(8);
    expect(buckets(period.de, period.ate, report.days, 'semana')).toEqual([
      { start: '2026-11-16', end: '2026-11-22', leads: 4, conversions: 2 },
      { start: '2026-11-23', end: '2026-11-23', leads: 1, conversions: 1 },
    ]);

    const sorted = (rows: { value: string }[]) => [...rows].sort((a, b) => a.value.localeCompare(b.value));
    expect(sorted(report.breakdowns.origem)).toEqual([
      { value: '', leads: 2, conversions: 1 },
      { value: 'google', leads: 2, conversions: 2 },
      { value: 'instagram', leads: 1, conversions: 0 },
    ]);
    expect(sorted(report.breakdowns.campanha)).toEqual([
      { value: '', leads: 3, conversions: 1 },
      { value: 'black-friday', leads: 1, conversions: 1 },
      { value: 'carol-imoveis', leads: 1, conversions: 1 },
    ]);
    expect(sorted(report.breakdowns.parceiro)).toEqual([
      { value: '', leads: 2, conversions: 1 },
      { value: 'carol-imoveis', leads: 2, conversions: 1 },
      { value: 'rafa-corretor', leads: 1, conversions: 1 },
    ]);
    expect(sorted(report.breakdowns.tipo)).toEqual([
      { value: 'corretor', leads: 1, conversions: 1 },
      { value: 'imobiliaria', leads: 1, conversions: 1 },
      { value: 'proprietario', leads: 3, conversions: 1 },
    ]);
    expect(sorted(report.breakdowns.cta)).toEqual([
      { value: '', leads: 2, conversions: 1 },
      { value: 'hero-consultor', leads: 1, conversions: 1 },
      { value: 'parceiro-hero', leads: 2, conversions: 1 },
    ]);
    // Rafa converted 1 of 1, Carol 1 of 2: equal conversions, the higher rate first.
    expect(partnerLeaderboard(report.breakdowns.parceiro).map((row) => [row.position, row.value])).toEqual([
      [1, 'rafa-corretor'],
      [2, 'carol-imoveis'],
    ]);
    // First contacts in business hours: A, B and C arrived and were answered on a holiday and
    // a Saturday (0 business seconds), D after 4 hours on a Monday → median 0; 3 of 4 within 2 h.
    expect(report.firstContact).toEqual({ medianSeconds: 0, contacted: 4, withinPromise: 3 });
  });

  it('moves the day boundary with São Paulo time, not UTC', async () => {
    await seed();
    // The 20th alone holds A (23h30 local, already the 21st in UTC).
    const report = await leadReport({ db: t.db }, { de: '2026-11-20', ate: '2026-11-20' });
    expect(report.days).toEqual([{ day: '2026-11-20', leads: 1, conversions: 1 }]);
    expect(report.firstContact).toEqual({ medianSeconds: 0, contacted: 1, withinPromise: 1 });
    // The 15th holds F (23h59 local).
    expect((await leadReport({ db: t.db }, { de: '2026-11-15', ate: '2026-11-15' })).days).toEqual([
      { day: '2026-11-15', leads: 1, conversions: 1 },
    ]);
  });

  it('counts first contacts in business hours, per salesperson and team, with the share within 2 h', async () => {
    // [created, first contact, salesperson, business seconds between]
    const cases = [
      ['2026-11-24T17:30:00', '2026-11-25T09:30:00', 'u1', 3_600], // overnight: 30 min + 30 min
      ['2026-11-27T17:00:00', '2026-11-30T10:00:00', 'u1', 7_200], // over the weekend: exactly 2 h, within
      ['2026-11-19T17:00:00', '2026-11-23T10:00:00', 'u2', 7_200], // over the holiday of 20/11 and the weekend
      ['2026-11-23T10:00:00', '2026-11-23T13:00:00', 'u2', 10_800], // 3 h: past the promise
      ['2026-11-28T11:00:00', '2026-11-28T12:00:00', 'u2', 0], // a Saturday
    ] as const;
    for (const [n, [created, contact, owner, seconds]] of cases.entries()) {
      const leadId = id(20 + n);
      await t.db.insert(contatos).values(lead(leadId, sp(created), { assignedTo: owner }));
      const result = await changeLeadStatus(
        { db: t.db, now: () => sp(contact) },
        { leadId, de: 'novo', para: 'em_contato' },
        { id: owner, name: owner },
      );
      expect(result.status).toBe('changed');
      expect(businessSecondsBetween(sp(created), sp(contact))).toBe(seconds);
    }
    const { report, bySalesperson } = await salesReports({ db: t.db }, { de: '2026-11-19', ate: '2026-11-28' });
    expect(report.firstContact).toEqual({ medianSeconds: 7_200, contacted: 5, withinPromise: 4 });
    const of = (userId: string) => bySalesperson.find((row) => row.userId === userId);
    expect(of('u1')).toMatchObject({ medianSeconds: 5_400, contacted: 2, withinPromise: 2 });
    expect(of('u2')).toMatchObject({ medianSeconds: 7_200, contacted: 3, withinPromise: 2 });
  });

  it('breaks the period’s discards down per reason, every "Outro: …" text in one line', async () => {
    await seed();
    const discard = async (n: number, at: string, motivo: string, motivoOutro?: string) => {
      const leadId = id(40 + n);
      await t.db.insert(contatos).values(lead(leadId, sp('2026-11-23T09:00:00')));
      const result = await changeLeadStatus(
        { db: t.db, now: () => sp(at) },
        { leadId, de: 'novo', para: 'descartado', motivo, ...(motivoOutro ? { motivoOutro } : {}) },
        { id: 'u1', name: 'Carla' },
      );
      expect(result.status).toBe('changed');
    };
    await discard(1, '2026-11-23T10:00:00', 'Sem interesse');
    await discard(2, '2026-11-23T11:00:00', 'Sem interesse');
    await discard(3, '2026-11-24T10:00:00', 'outro', 'Fechou a empresa');
    await discard(4, '2026-11-24T11:00:00', 'outro', 'Vai pensar');
    await discard(5, '2026-11-25T10:00:00', 'Contato duplicado');
    await discard(6, '2026-12-01T10:00:00', 'Contato duplicado'); // after the period
    const { discards } = await salesReports({ db: t.db }, { de: '2026-11-23', ate: '2026-11-30' });
    expect(discards).toEqual({
      rows: [
        { reason: 'Outro', discards: 2 },
        { reason: 'Sem interesse', discards: 2 },
        { reason: 'Contato duplicado', discards: 1 },
      ],
      rest: 0,
      total: 5,
    });
  });

  it('answers an empty period with no rows and no median', async () => {
    await seed();
    const report = await leadReport({ db: t.db }, { de: '2026-10-01', ate: '2026-10-31' });
    expect(report.days).toEqual([]);
    expect(Object.values(report.breakdowns).every((rows) => rows.length === 0)).toBe(true);
    expect(report.firstContact).toEqual({ medianSeconds: null, contacted: 0, withinPromise: 0 });
  });
});

describe('/admin/relatorios on the built server', () => {
  let server: RunningServer;
  let smtp: CaptureSmtp;
  let vendas = '';
  let editor = '';

  beforeAll(async () => {
    ensureBuild();
    // The team's accounts confirm their address through the link mailed to this SMTP server.
    smtp = await startCaptureSmtp();
    server = await startBuiltServer({ LEAD_RATE_LIMIT: 'off', SMTP_URL: smtp.url });
    vendas = (await teamCookie(server.url, server.dataDir, 'vendas', smtp)).cookie;
    editor = (await teamCookie(server.url, server.dataDir, 'editor', smtp)).cookie;
    const leads = [
      { tipo: 'proprietario', utm_source: 'google', partner_slug: 'carol-imoveis', cta_source: 'parceiro-hero' },
      { tipo: 'corretor', empresa: 'Corretora Teste', utm_source: 'google', cta_source: 'hero-teste-gratis' },
      { tipo: 'imobiliaria', empresa: 'Imobiliária Teste', utm_source: 'instagram' },
    ];
    for (const [index, fields] of leads.entries()) {
      const response = await fetch(`${server.url}/_actions/lead`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Origin: server.url,
          Accept: 'application/json',
        },
        body: new URLSearchParams({
          nome: `Relatório ${index}`,
          email: `relatorio${index}@exemplo.com.br`,
          celular: '(11) 98765-4321',
          submission_key: crypto.randomUUID(),
          ...fields,
        }).toString(),
      });
      expect(response.status).toBe(200);
    }
  }, 600_000);

  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  const get = (path: string, cookie: string) => rawRequest(server.url, 'GET', path, { cookie, accept: 'text/html' });
  const cell = (body: string, testid: string) =>
    new RegExp(`data-testid="${testid}"[^>]*>\\s*([^<]*?)\\s*<`).exec(body)?.[1];

  it('shows the sales team the period, the figures, six charts and their data tables', async () => {
    const response = await get('/admin/relatorios', vendas);
    expect(response.status).toBe(200);
    const body = response.body;
    expect(cell(body, 'report-leads')).toBe('3');
    expect(cell(body, 'report-conversions')).toBe('0');
    expect(cell(body, 'report-rate')).toBe('0%');
    expect(cell(body, 'report-first-contact')).toBe(reportsCopy.summary.firstContactNone);
    // Nobody answered yet: none of the 3 within the promise.
    expect(cell(body, 'report-within-promise')).toBe('0%');
    // Leads per day plus the five breakdowns: each a figure with a caption, an SVG image with its summary, a table.
    expect(body.match(/<figure\b/g)).toHaveLength(6);
    expect(body.match(/<figcaption\b/g)).toHaveLength(6);
    expect(body.match(/<svg\b[^>]*role="img"[^>]*aria-label="[^"]+"/g)).toHaveLength(6);
    expect(body.match(/<table\b/g)).toHaveLength(8); // and the per-salesperson table and the partner leaderboard
    expect(body.match(/<caption\b/g)).toHaveLength(8);
    // Nobody was given these leads: the per-salesperson table has one row, theirs.
    const porResponsavel = /data-table="por-responsavel"[\s\S]*?<\/table>/.exec(body)![0];
    expect(porResponsavel).toMatch(
      new RegExp(`<th scope="row"[^>]*>${salespersonReportCopy.nobody}</th>\\s*<td[^>]*>3</td>`),
    );
    expect(body).toContain(reportsCopy.perBucket.dia);
    expect(body).toContain('3 contatos em 30 dias');
    // The source table: google 2 leads, instagram 1, none converted.
    const origem = /data-table="conversao-origem"[\s\S]*?<\/table>/.exec(body)![0];
    expect(origem).toMatch(
      /<th scope="row"[^>]*>google<\/th>\s*<td[^>]*>2<\/td>\s*<td[^>]*>0<\/td>\s*<td[^>]*>0%<\/td>/,
    );
    expect(origem).toMatch(/<th scope="row"[^>]*>instagram<\/th>\s*<td[^>]*>1<\/td>/);
    expect(body).toMatch(/<th scope="row"[^>]*>Carol Imóveis<\/th>/);
    expect(body).toMatch(/<th scope="row"[^>]*>Imobiliária<\/th>/);
    // No lead was discarded: the reasons section says so.
    expect(cell(body, 'discards-empty')).toBe(reportsCopy.discards.empty);
    // Buttons by their label, not their id.
    expect(body).toMatch(/<th scope="row"[^>]*>Início, topo: Começar teste grátis<\/th>/);
    expect(body).not.toMatch(/<th scope="row"[^>]*>hero-teste-gratis<\/th>/);
    // The form: labelled date inputs holding the default period (the last 30 days), the grouping toggle.
    expect(body).toMatch(/<label[^>]*>\s*De\s*<input type="date" name="de"/);
    expect(body).toMatch(/<label[^>]*>\s*Até\s*<input type="date" name="ate"/);
    expect(body).toMatch(/<input type="radio" name="por" value="semana"/);
    expect(body).toContain('href="/admin/relatorios"');
  });

  it('groups by week when the URL says so', async () => {
    const response = await get('/admin/relatorios?por=semana', vendas);
    expect(response.status).toBe(200);
    expect(response.body).toContain(reportsCopy.perBucket.semana);
    expect(response.body).toMatch(/<input type="radio" name="por" value="semana" checked/);
  });

  it('says so for a period with no lead', async () => {
    const response = await get('/admin/relatorios?de=01/01/2020&ate=2020-01-31', vendas);
    expect(response.status).toBe(200);
    expect(response.body).toContain(reportsCopy.empty);
    expect(response.body).toContain('De 01/01/2020 a 31/01/2020');
    expect(response.body).not.toContain('<figure');
  });

  it('answers bad dates in pt-BR with the default period, never a server error', async () => {
    for (const query of [
      'de=31/02/2026',
      'ate=banana',
      'de=2026-11-30&ate=2026-11-01',
      'de=2000-01-01&ate=2026-01-01',
    ]) {
      const response = await get(`/admin/relatorios?${query}&por=mes`, vendas);
      expect(response.status, query).toBe(200);
      expect(response.body, query).toContain('data-testid="report-errors"');
      expect(response.body, query).toContain(reportPeriodMessages.por);
      expect(cell(response.body, 'report-leads'), query).toBe('3');
    }
    expect((await get('/admin/relatorios?de=31/02/2026', vendas)).body).toContain(reportPeriodMessages.data);
  });

  it('refuses a blog editor', async () => {
    const response = await get('/admin/relatorios', editor);
    expect(response.status).toBe(403);
    expect(response.body).not.toContain('data-testid="report-leads"');
  });
});
