/*
 * Cookieless visit counting on every engine: the ingest (src/server/analytics/ingest.ts)
 * with a fixed clock — bots and prefetches not counted, the per-visitor limit, a visitor's
 * key stable within a São Paulo day and new the next, no address stored; the roll-up
 * (rollup.ts) arithmetic with leads joined by page and source, refreshed idempotently; the
 * report (visit-report.ts) per dimension, the funnel and the previous period; retention of
 * raw events and past salts. And the sales reports' lead roll-up (src/server/inbox/lead-rollup.ts):
 * the same figures as one grouped pass over the leads, before and after pipeline moves.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { funnel, leadsWithoutVisit, visitRate } from '~/lib/visit-report';
import { visitTables } from '~/server/analytics/visit-tables';
import { businessSecondsBetween } from '~/lib/reply-deadline';
import { createAnalyticsService, FRESH_MS, STALE_MS } from '~/server/analytics/analytics.service';
import { ADDRESS_EVENTS_PER_MINUTE, createAnalyticsIngest, EVENTS_PER_MINUTE } from '~/server/analytics/ingest';
import type { EventInput } from '~/server/analytics/beacon-input';
import { refreshRollups } from '~/server/analytics/rollup';
import { visitReport } from '~/server/analytics/visit-report';
import { analyticsDaily, analyticsEvents, analyticsSalts, contatos } from '~/server/db/schema';
import { runAnalyticsRetention } from '~/server/lgpd/retention';
import { changeLeadStatus } from '~/server/inbox/pipeline';
import { leadReport, salespersonReport } from '~/server/inbox/reports';
import { engines, useTestDatabase } from '../support/db';
import { quietLog } from '../support/log';
import { aVisit } from '../support/visit-event';
import { aLeadRow, type LeadRow } from '../support/leads';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const sp = (local: string) => new Date(`${local}-03:00`);
const headers = (ua: string, extra: Record<string, string> = {}) => new Headers({ 'user-agent': ua, ...extra });
const view = (path: string, source = ''): EventInput => aVisit({ path, source });
const HOST = 'pilota.example';
/** Rows of a raw `db.execute` (node-postgres and PGlite both answer `{ rows }`). */
const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

const lead = (createdAt: Date, overrides: Partial<LeadRow> = {}) => aLeadRow({ createdAt, ...overrides });

describe.each(engines)('visit analytics on %s', (engine) => {
  const t = useTestDatabase(engine);

  const ingestAt = (clock: { at: Date }) =>
    createAnalyticsIngest({ db: t.db, now: () => clock.at, ready: () => true, log: quietLog, site: HOST });

  it('counts people, not bots or prefetches, with a day-long key and no address kept', async () => {
    const clock = { at: sp('2026-11-20T10:00:00') };
    const ingest = ingestAt(clock);
    const person = { headers: headers(CHROME), ip: '203.0.113.7' };
    expect(await ingest.record(person, view('/planos'))).toBe('recorded');
    expect(await ingest.record(person, view('/sobre'))).toBe('recorded');
    // The same /64 is one client.
    expect(await ingest.record({ ...person, ip: '2001:db8:1:2::1' }, view('/planos'))).toBe('recorded');
    expect(await ingest.record({ ...person, ip: '2001:db8:1:2::ff' }, view('/planos'))).toBe('recorded');
    const bot = {
      headers: headers('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'),
      ip: '198.51.100.1',
    };
    expect(await ingest.record(bot, view('/planos'))).toBe('ignored');
    expect(await ingest.record({ ...person, headers: headers('') }, view('/planos'))).toBe('ignored');
    expect(
      await ingest.record(
        { ...person, headers: headers(CHROME, { 'sec-purpose': 'prefetch;prerender' }) },
        view('/planos'),
      ),
    ).toBe('ignored');
    expect(await ingest.record({ ...person, headers: headers(CHROME, { purpose: 'prefetch' }) }, view('/planos'))).toBe(
      'ignored',
    );
    clock.at = sp('2026-11-21T10:00:00');
    expect(await ingest.record(person, view('/planos'))).toBe('recorded');
    await ingest.stop();

    const rows = await t.db.select().from(analyticsEvents).orderBy(analyticsEvents.id);
    expect(rows.map((row) => [row.day, row.path])).toEqual([
      ['2026-11-20', '/planos'],
      ['2026-11-20', '/sobre'],
      ['2026-11-20', '/planos'],
      ['2026-11-20', '/planos'],
      ['2026-11-21', '/planos'],
    ]);
    const [a, b, c, d, e] = rows.map((row) => row.visitor);
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(b).toBe(a);
    expect(d).toBe(c);
    expect(c).not.toBe(a);
    expect(e).not.toBe(a);
    // Nothing of the address in any column.
    expect(JSON.stringify(rows)).not.toMatch(/203\.0\.113|2001:db8/);
    // The new day's salt replaced the old one: yesterday's keys cannot be recomputed.
    expect((await t.db.select().from(analyticsSalts)).map((row) => row.day)).toEqual(['2026-11-21']);
  });

  it('drops a visitor key’s events over the per-minute limit, until the next minute', async () => {
    const clock = { at: sp('2026-11-20T10:00:00') };
    const ingest = ingestAt(clock);
    const person = { headers: headers(CHROME), ip: '203.0.113.9' };
    const other = { ...person, ip: '203.0.113.10' };
    for (let i = 0; i < EVENTS_PER_MINUTE; i += 1) expect(await ingest.record(person, view('/'))).toBe('recorded');
    expect(await ingest.record(person, view('/'))).toBe('limited');
    expect(await ingest.record(other, view('/'))).toBe('recorded');
    clock.at = new Date(clock.at.getTime() + 60_000);
    expect(await ingest.record(person, view('/'))).toBe('recorded');
    // A new user agent on every request is a new visitor key, but the same address: bounded too.
    const rotating = (n: number) => ({ ...person, ip: '203.0.113.11', headers: headers(`${CHROME} r${n}`) });
    for (let n = 0; n < ADDRESS_EVENTS_PER_MINUTE; n += 1)
      expect(await ingest.record(rotating(n), view('/'))).toBe('recorded');
    expect(await ingest.record(rotating(-1), view('/'))).toBe('limited');
    expect(await ingest.record(other, view('/'))).toBe('recorded');
    await ingest.stop();
    const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(analyticsEvents);
    expect(row?.n).toBe(EVENTS_PER_MINUTE + 2 + ADDRESS_EVENTS_PER_MINUTE + 1);
  });

  it('never shows a visit → lead rate above 100 %: leads beyond the counted visits are counted apart', async () => {
    const ingest = ingestAt({ at: sp('2026-11-20T09:00:00') });
    // One visit counted on /planos; seven leads from it (the beacon missed the others' visits).
    await ingest.record({ headers: headers(CHROME), ip: '203.0.113.1' }, view('/planos', 'X'));
    await ingest.stop();
    await t.db
      .insert(contatos)
      .values(
        Array.from({ length: 7 }, (_, n) =>
          lead(sp(`2026-11-20T1${n}:00:00`), { paginaOrigem: 'https://pilota.example/planos', utmSource: 'X' }),
        ),
      );
    await refreshRollups(t.db, '2026-11-20', '2026-11-20');
    const report = await visitReport(t.db, '2026-11-20', '2026-11-20');

    expect(report.totals).toMatchObject({ visitors: 1, leads: 7 });
    expect(visitRate(report.totals)).toBe(1);
    expect(leadsWithoutVisit(report.totals)).toBe(6);
    const planos = report.breakdowns.pagina.find((row) => row.value === '/planos')!;
    expect([visitRate(planos), leadsWithoutVisit(planos)]).toEqual([1, 6]);
    // Every rate of every table the page and the CSV show stays within 0–1.
    const rates = visitTables(report).flatMap((table) =>
      table.rows.flatMap((row) => row.flatMap((cell) => ('rate' in cell && cell.rate !== null ? [cell.rate] : []))),
    );
    expect(rates.length).toBeGreaterThan(0);
    expect(Math.max(...rates)).toBeLessThanOrEqual(1);
  });

  it('rolls days up with leads by page and source; the report, funnel and previous period add up', async () => {
    const clock = { at: sp('2026-11-20T09:00:00') };
    const ingest = ingestAt(clock);
    const visitor = (n: number) => ({ headers: headers(CHROME), ip: `203.0.113.${n}` });
    // Three visitors on /planos from source X; one views twice, opens the dialog, starts, sends.
    for (const n of [1, 2, 3]) await ingest.record(visitor(n), view('/planos', 'X'));
    await ingest.record(visitor(1), view('/planos', 'X'));
    const step = (kind: EventInput['kind']) => ({ ...view('/planos', 'X'), kind, cta: 'plano-profissional' });
    await ingest.record(visitor(1), step('open'));
    await ingest.record(visitor(1), step('start'));
    await ingest.record(visitor(1), { ...step('error'), field: 'email' });
    await ingest.record(visitor(1), step('sent'));
    // Another page and source the same day, and one visit in the previous period.
    await ingest.record(visitor(4), view('/', 'Y'));
    clock.at = sp('2026-11-10T12:00:00');
    await ingest.record(visitor(5), view('/planos', 'X'));
    await ingest.stop();
    await t.db.insert(contatos).values([
      // The form sends the whole address; 23:30 in São Paulo is still the 20th.
      lead(sp('2026-11-20T23:30:00'), {
        paginaOrigem: 'http://localhost:4321/planos?utm_source=X#planos',
        utmSource: 'X',
        ctaSource: 'plano-profissional',
      }),
      lead(sp('2026-11-21T00:10:00'), { paginaOrigem: 'https://pilota.example/', utmSource: 'Y' }),
    ]);

    await refreshRollups(t.db, '2026-11-01', '2026-11-21');
    await refreshRollups(t.db, '2026-11-20', '2026-11-21'); // idempotent
    const report = await visitReport(t.db, '2026-11-20', '2026-11-21');

    expect(report.totals).toEqual({ views: 5, visitors: 4, openers: 1, starters: 1, leads: 2 });
    const planos = report.breakdowns.pagina.find((row) => row.value === '/planos')!;
    expect(planos).toMatchObject({ views: 4, visitors: 3, openers: 1, starters: 1, leads: 1 });
    expect(visitRate(planos)).toBeCloseTo(1 / 3);
    expect(funnel(planos).map((s) => s.count)).toEqual([3, 1, 1, 1]);
    expect(funnel(planos).map((s) => s.dropOff)).toEqual([null, 2 / 3, 0, 0]);
    expect(report.breakdowns.origem.find((row) => row.value === 'X')).toMatchObject({ visitors: 3, leads: 1 });
    expect(report.breakdowns.pagina.find((row) => row.value === '/')).toMatchObject({ visitors: 1, leads: 1 });
    expect(report.breakdowns.cta.find((row) => row.value === 'plano-profissional')).toMatchObject({
      openers: 1,
      leads: 1,
    });
    expect(report.days.map((d) => [d.day, d.visitors, d.leads])).toEqual([
      ['2026-11-20', 4, 1],
      ['2026-11-21', 0, 1],
    ]);
    // The two days before: 2026-11-18 and 19 hold nothing; the 10th is outside.
    expect(report.previous).toEqual({ views: 0, visitors: 0, openers: 0, starters: 0, leads: 0 });
    const wider = await visitReport(t.db, '2026-11-10', '2026-11-21', { origem: 'X' });
    expect(wider.totals).toMatchObject({ visitors: 4, leads: 1 });
    expect((await visitReport(t.db, '2026-11-20', '2026-11-20', { pagina: '/' })).totals.visitors).toBe(1);
    // One filter reads the per-filter roll-up, two the combinations: the same figures.
    const one = await visitReport(t.db, '2026-11-20', '2026-11-21', { origem: 'X' });
    const two = await visitReport(t.db, '2026-11-20', '2026-11-21', { origem: 'X', pagina: '/planos' });
    for (const filtered of [one, two]) {
      expect(filtered.totals).toEqual({ views: 4, visitors: 3, openers: 1, starters: 1, leads: 1 });
      expect(filtered.breakdowns.pagina).toEqual([{ value: '/planos', ...filtered.totals }]);
      expect(filtered.breakdowns.cta.find((row) => row.value === 'plano-profissional')).toMatchObject({
        openers: 1,
        leads: 1,
      });
    }
    const [errors] = await t.db.select({ n: sql<number>`sum(errors)::int` }).from(analyticsDaily);
    expect(errors?.n).toBe(1);
  });

  it('an opened report waits for stale roll-ups, reads younger ones at once and refreshes them behind', async () => {
    const clock = { at: sp('2026-11-20T10:00:00') };
    const analytics = createAnalyticsService({
      db: t.db,
      now: () => clock.at,
      ready: () => true,
      log: quietLog,
      config: { deployTarget: 'node', siteUrl: `https://${HOST}` },
    });
    const person = (n: number) => ({ headers: headers(CHROME), ip: `203.0.113.${n}` });
    const visitors = async () => (await visitReport(t.db, '2026-11-20', '2026-11-20')).totals.visitors;
    await analytics.record(person(1), view('/planos'));
    await analytics.freshen(); // never refreshed: stale, so waited for (the buffered event written first)
    expect(await visitors()).toBe(1);

    await analytics.record(person(2), view('/planos'));
    clock.at = new Date(clock.at.getTime() + FRESH_MS - 1);
    await analytics.freshen(); // fresh: left be
    await analytics.flush();
    expect(await visitors()).toBe(1);

    clock.at = new Date(clock.at.getTime() + 2);
    const behind = analytics.freshen(); // younger than STALE_MS: read at once, refreshed behind
    expect(await visitors()).toBeLessThanOrEqual(2);
    await behind;
    await analytics.freshen({ force: true });
    expect(await visitors()).toBe(2);

    await analytics.record(person(3), view('/planos'));
    clock.at = new Date(clock.at.getTime() + STALE_MS);
    await analytics.freshen();
    expect(await visitors()).toBe(3);
    await analytics.stop();
  });

  it('retention deletes raw events past their period and past days’ salts, keeping the roll-ups', async () => {
    const clock = { at: sp('2026-10-01T10:00:00') };
    const ingest = ingestAt(clock);
    const person = { headers: headers(CHROME), ip: '203.0.113.7' };
    await ingest.record(person, view('/planos'));
    clock.at = sp('2026-11-20T10:00:00');
    await ingest.record(person, view('/planos'));
    await ingest.stop();
    await t.db.insert(analyticsSalts).values({ day: '2026-11-19', salt: 'x' }).onConflictDoNothing();
    await refreshRollups(t.db, '2026-10-01', '2026-11-20');
    expect(await runAnalyticsRetention(t.db, 30, sp('2026-11-20T12:00:00'))).toBe(1);
    expect((await t.db.select().from(analyticsEvents)).map((row) => row.day)).toEqual(['2026-11-20']);
    expect((await t.db.select().from(analyticsSalts)).map((row) => row.day)).toEqual(['2026-11-20']);
    expect((await visitReport(t.db, '2026-10-01', '2026-11-20')).totals.visitors).toBe(2);
  });

  /** The sales reports as one grouped pass over the leads gives them (what the roll-up must equal). */
  async function rawLeadReport(de: string, ate: string) {
    const period = sql`(created_at at time zone 'America/Sao_Paulo')::date between ${de}::date and ${ate}::date`;
    const counts = sql`count(*)::int as leads, (count(*) filter (where status = 'convertido'))::int as conversions`;
    const rows = async (column: string) =>
      rowsOf(
        await t.db.execute(
          sql`select coalesce(${sql.raw(column)}, '') as value, ${counts} from contatos where ${period} group by ${sql.raw(column)}`,
        ),
      );
    const contacts = (
      rowsOf(
        await t.db.execute(
          sql`select assigned_to as "userId", extract(epoch from created_at)::float8 * 1000 as created,
                     extract(epoch from first_contact_at)::float8 * 1000 as contact from contatos where ${period}`,
        ),
      ) as { userId: string | null; created: number | string; contact: number | string | null }[]
    ).map((row) => ({
      userId: row.userId,
      created: Math.round(Number(row.created)),
      contact: row.contact === null ? null : Math.round(Number(row.contact)),
    }));
    const byValue = (list: unknown[]) =>
      (list as { value: string }[]).map((row) => ({ ...row })).sort((a, b) => a.value.localeCompare(b.value));
    return {
      days: byValue(await rows(`((created_at at time zone 'America/Sao_Paulo')::date)::text`)).map(
        ({ value, ...row }) => ({ day: value, ...row }),
      ),
      breakdowns: Object.fromEntries(
        await Promise.all(
          Object.entries({
            origem: 'utm_source',
            campanha: 'utm_campaign',
            parceiro: 'partner_slug',
            tipo: 'tipo',
            cta: 'cta_source',
          }).map(async ([name, column]) => [name, byValue(await rows(column))]),
        ),
      ),
      firstContact: firstContactOf(contacts),
      salespeople: (
        rowsOf(
          await t.db.execute(
            sql`select assigned_to as "userId", ${counts} from contatos where ${period}
                 group by assigned_to order by count(*) desc, assigned_to`,
          ),
        ) as { userId: string | null }[]
      ).map((row) => ({ ...row, ...firstContactOf(contacts.filter((lead) => lead.userId === row.userId)) })),
    };
  }

  /**
   * First contacts as the code's business clock counts them, lead by lead: percentile_cont's
   * median and the share within the promise (medians to the millisecond: float sums differ).
   */
  function firstContactOf(leads: { created: number; contact: number | null }[]) {
    const seconds = leads
      .flatMap((row) => (row.contact === null ? [] : [businessSecondsBetween(new Date(row.created), new Date(row.contact))]))
      .sort((a, b) => a - b);
    const middle = (seconds.length - 1) / 2;
    const median =
      seconds.length === 0 ? null : seconds[Math.floor(middle)]! + (seconds[Math.ceil(middle)]! - seconds[Math.floor(middle)]!) / 2;
    return {
      medianSeconds: median === null ? null : Math.round(median * 1000) / 1000,
      contacted: seconds.length,
      withinPromise: seconds.filter((value) => value <= 7200).length,
    };
  }

  const toMs = <T extends { medianSeconds: number | null }>(row: T): T => ({
    ...row,
    medianSeconds: row.medianSeconds === null ? null : Math.round(row.medianSeconds * 1000) / 1000,
  });

  async function rolledUpLeadReport(de: string, ate: string) {
    const report = await leadReport({ db: t.db }, { de, ate });
    const byValue = <T extends { value: string }>(list: T[]) =>
      [...list].sort((a, b) => a.value.localeCompare(b.value));
    return {
      days: [...report.days].sort((a, b) => a.day.localeCompare(b.day)),
      breakdowns: Object.fromEntries(Object.entries(report.breakdowns).map(([name, list]) => [name, byValue(list)])),
      firstContact: toMs(report.firstContact),
      salespeople: (await salespersonReport({ db: t.db }, { de, ate })).map(({ name: _name, ...row }) => toMs(row)),
    };
  }

  it('sales reports read a lead roll-up equal to the leads, pipeline moves and new leads included', async () => {
    const at = (day: number, hour: number) =>
      sp(`2026-11-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:17:00`);
    const sources = ['google', 'instagram', ''];
    const seeded = await t.db
      .insert(contatos)
      .values(
        Array.from({ length: 18 }, (_, n) =>
          lead(at(10 + (n % 6), n % 2 ? 23 : 9), {
            utmSource: sources[n % 3]!,
            utmCampaign: n % 4 ? '' : 'black-friday',
            ...(n % 5 ? { partnerSlug: 'carol-imoveis' } : {}),
            tipo: n % 2 ? 'corretor' : 'proprietario',
            ctaSource: n % 3 ? 'hero-consultor' : '',
            ...(n % 3 ? { assignedTo: `u${n % 2}` } : {}),
          }),
        ),
      )
      .returning({ id: contatos.id, createdAt: contatos.createdAt });
    const move = (index: number, minutes: number, de: 'novo' | 'em_contato', para: 'em_contato' | 'convertido') => {
      const { id, createdAt } = seeded[index]!;
      return changeLeadStatus(
        { db: t.db, now: () => new Date(createdAt.getTime() + minutes * 60_000 + index * 1_234) },
        { leadId: id, de, para },
        { id: 'u1', name: 'Carla' },
      );
    };
    // First contacts on various days, some converted the next day.
    for (const [index, minutes] of [
      [0, 30],
      [1, 95],
      [3, 1_500],
      [4, 7],
      [8, 61],
      [11, 250],
      [13, 42],
    ] as const)
      expect((await move(index, minutes, 'novo', 'em_contato')).status).toBe('changed');
    for (const index of [1, 4, 11])
      expect((await move(index, 2_000, 'em_contato', 'convertido')).status).toBe('changed');

    for (const [de, ate] of [
      ['2026-11-01', '2026-11-30'],
      ['2026-11-11', '2026-11-13'],
      ['2026-11-20', '2026-11-21'],
    ]) {
      expect(await rolledUpLeadReport(de!, ate!)).toEqual(await rawLeadReport(de!, ate!));
    }
    // After the roll-up: a move, a new lead and a reassignment show at once.
    expect((await move(2, 15, 'novo', 'convertido')).status).toBe('changed');
    await t.db.insert(contatos).values(lead(at(15, 10), { utmSource: 'google', assignedTo: 'u1' }));
    await t.db
      .update(contatos)
      .set({ assignedTo: 'u2' })
      .where(sql`${contatos.id} = ${seeded[5]!.id}`);
    const after = await rolledUpLeadReport('2026-11-01', '2026-11-30');
    expect(after).toEqual(await rawLeadReport('2026-11-01', '2026-11-30'));
    expect(after.firstContact.contacted).toBe(8);
    expect(after.days.reduce((sum, day) => sum + day.conversions, 0)).toBe(4);
  });
});
