/*
 * What one anonymous client can make the visit counting store and compute, on every engine:
 * - the beacon's limits and the pixel's Referer check follow the configured site, never the
 *   request's Host (one address, 700 Host values: at most ADDRESS_EVENTS_PER_MINUTE accepted);
 * - every dimension is the site's vocabulary and each day keeps at most MAX_VALUES_PER_DAY
 *   values of a free-text one, the rest folded, with no database round trip once full;
 * - the process takes EVENTS_PER_MINUTE_BUDGET events a minute at its pace, sheds the rest, logs the drops;
 * - the leads' attribution is bounded the same way in the roll-ups;
 * - a refresh adds new events to the roll-ups instead of rebuilding days: exact distinct
 *   counts across refreshes, and counts that outlive their raw events.
 */
import type { APIContext } from 'astro';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET, POST } from '~/pages/api/visita';
import { createAnalyticsService } from '~/server/analytics/analytics.service';
import {
  ADDRESS_EVENTS_PER_MINUTE,
  BUDGET_BURST,
  createAnalyticsIngest,
  EVENTS_PER_MINUTE_BUDGET,
} from '~/server/analytics/ingest';
import { refreshRollups } from '~/server/analytics/rollup';
import { FOLDED, MAX_VALUES_PER_DAY } from '~/lib/attribution';
import { OTHER_PATH } from '~/server/analytics/site-values';
import { createValueRegistry } from '~/server/analytics/value-registry';
import { visitReport } from '~/server/analytics/visit-report';
import type { Db } from '~/server/db/client';
import { BEACON_ROUTE, shedsBeacon, type BeaconShed } from '~/server/http/beacon-shed';
import { analyticsEvents, contatos } from '~/server/db/schema';
import { createLogger, type Logger } from '~/server/log/logger';
import { engines, useTestDatabase } from '../support/db';
import { logEntries, quietLog } from '../support/log';
import { aVisit } from '../support/visit-event';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const sp = (local: string) => new Date(`${local}-03:00`);
const SITE = 'https://pilota.example';
const view = aVisit;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe.each(engines)('bounded visit counting on %s', (engine) => {
  const t = useTestDatabase(engine);
  const clock = { at: sp('2026-11-20T10:00:00') };
  // Per-address limits on (no LEAD_RATE_LIMIT=off), the site as configured.
  const service = () =>
    createAnalyticsService({
      db: t.db,
      now: () => clock.at,
      ready: () => true,
      log: quietLog,
      config: { deployTarget: 'node', siteUrl: SITE },
    });
  const ingest = (log: Logger = quietLog, shed?: BeaconShed) =>
    createAnalyticsIngest({
      db: t.db,
      now: () => clock.at,
      ready: () => true,
      log,
      site: 'pilota.example',
      addressLimit: false,
      ...(shed ? { shed } : {}),
    });
  const distinct = async (column: string) =>
    rowsOf<{ value: string }>(
      await t.db.execute(sql`select distinct ${sql.raw(column)} as value from analytics_events order by 1`),
    ).map((row) => row.value);

  it('limits one address whatever Host and Origin it sends; the pixel counts only pages of the configured site', async () => {
    clock.at = sp('2026-11-20T10:00:00');
    const analytics = service();
    const locals = { runtime: { analytics } };
    let accepted = 0;
    let limited = 0;
    for (let n = 0; n < ADDRESS_EVENTS_PER_MINUTE + 100; n += 1) {
      const host = `h${n}.example`;
      const request = new Request(`http://${host}/api/visita`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', origin: `http://${host}`, 'user-agent': `${CHROME} n${n}` },
        body: JSON.stringify({ k: 'view', p: '/planos' }),
      });
      const response = await POST({
        request,
        url: new URL(request.url),
        locals,
        clientAddress: '203.0.113.50',
      } as unknown as APIContext);
      if (response.status === 204) accepted += 1;
      else if (response.status === 429) limited += 1;
    }
    expect(accepted).toBe(ADDRESS_EVENTS_PER_MINUTE);
    expect(limited).toBe(100);

    // A pixel request whose Referer names the Host it was sent to, not the site: no page view.
    const pixel = (host: string, referer: string) => {
      const request = new Request(`http://${host}/api/visita`, {
        headers: { referer, 'user-agent': CHROME },
      });
      return GET({
        request,
        url: new URL(request.url),
        locals,
        clientAddress: '198.51.100.9',
      } as unknown as APIContext);
    };
    expect((await pixel('evil.example', 'http://evil.example/planos')).status).toBe(200);
    expect((await pixel('pilota.example', 'https://pilota.example/sobre')).status).toBe(200);
    await analytics.stop();
    const pages = rowsOf<{ path: string; n: number | string }>(
      await t.db.execute(sql`select path, count(*) as n from analytics_events group by path order by path`),
    ).map((row) => [row.path, Number(row.n)]);
    expect(pages).toEqual([
      ['/planos', ADDRESS_EVENTS_PER_MINUTE],
      ['/sobre', 1],
    ]);
  });

  it('keeps the site’s vocabulary and at most MAX_VALUES_PER_DAY values a day per free-text dimension', async () => {
    clock.at = sp('2026-11-20T10:00:00');
    const counting = ingest();
    const person = (n: number) => ({ headers: new Headers({ 'user-agent': CHROME }), ip: `10.0.${n >> 8}.${n & 255}` });
    const flood = MAX_VALUES_PER_DAY * 3;
    for (let n = 0; n < flood; n += 1)
      expect(
        await counting.record(
          person(n),
          view({
            path: n % 2 ? `/x${n}` : `/blog/post-${n}`,
            referrer: `r${n}.example`,
            source: `fonte\u202E${n}\u0007`,
            medium: 'cpc',
            campaign: `c${n}`,
            partner: n % 2 ? 'carol-imoveis' : `p${n}`,
            cta: n % 2 ? 'nav' : `botao-${n}`,
          }),
        ),
      ).toBe('recorded');
    await counting.stop();

    const sources = await distinct('source');
    expect(sources).toHaveLength(MAX_VALUES_PER_DAY + 1);
    expect(sources).toContain(FOLDED);
    // Bidi overrides and control characters are not kept.
    expect(sources.filter((value) => value !== FOLDED).every((value) => /^fonte \d+$/.test(value))).toBe(true);
    for (const column of ['campaign', 'referrer']) expect(await distinct(column)).toHaveLength(MAX_VALUES_PER_DAY + 1);
    const paths = await distinct('path');
    expect(paths).toContain(OTHER_PATH);
    expect(paths.filter((path) => path.startsWith('/blog/'))).toHaveLength(MAX_VALUES_PER_DAY);
    expect(paths).toContain(FOLDED);
    expect(paths.some((path) => path.startsWith('/x'))).toBe(false);
    expect(await distinct('partner')).toEqual([FOLDED, 'carol-imoveis']);
    expect(await distinct('cta')).toEqual([FOLDED, 'nav']);
    // A new day has room again.
    clock.at = sp('2026-11-21T10:00:00');
    const next = ingest();
    await next.record(person(1), view({ source: 'novo' }));
    await next.stop();
    expect(await distinct('source')).toContain('novo');
  });

  it('admits a full dimension’s values without asking the database again, across instances', async () => {
    let statements = 0;
    const counted = new Proxy(t.db, {
      get(target, key, receiver) {
        if (key === 'execute') statements += 1;
        return Reflect.get(target, key, receiver) as unknown;
      },
    }) as Db;
    const one = createValueRegistry(counted);
    for (let n = 0; n < MAX_VALUES_PER_DAY; n += 1)
      expect(await one.admit('2026-11-20', 'source', `s${n}`)).toBe(`s${n}`);
    // Another instance: its own cache, the shared table.
    const other = createValueRegistry(counted);
    expect(await other.admit('2026-11-20', 'source', 'late')).toBe(FOLDED);
    expect(await other.admit('2026-11-20', 'source', 's7')).toBe('s7');
    const before = statements;
    for (let n = 0; n < 1000; n += 1) expect(await other.admit('2026-11-20', 'source', `flood${n}`)).toBe(FOLDED);
    expect(await other.admit('2026-11-20', 'source', 's3')).toBe('s3');
    expect(statements).toBe(before);
  });

  it('takes EVENTS_PER_MINUTE_BUDGET events a minute at its pace, sheds posts while none is left, logs the drops', async () => {
    const start = sp('2026-11-20T10:00:00').getTime();
    clock.at = new Date(start);
    const lines: string[] = [];
    const log = createLogger({ level: 'warn', destination: { write: (line: string) => lines.push(line) } });
    const warnings = () => logEntries(lines.join('')).map((entry) => entry.msg);
    const shed: BeaconShed = { until: 0, shed: 0 };
    const counting = ingest(log, shed);
    let n = 0;
    const person = () => ({ headers: new Headers({ 'user-agent': `${CHROME} ${++n}` }), ip: '10.1.0.1' });
    const burst = async (events: number) => {
      const outcomes: Record<string, number> = {};
      for (let i = 0; i < events; i += 1) {
        const outcome = await counting.record(person(), view());
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      }
      return outcomes;
    };
    // The rest of the budget comes one event every `pace` ms: no minute takes more than the budget.
    const pace = 60_000 / (EVENTS_PER_MINUTE_BUDGET - BUDGET_BURST);
    // At one instant, the burst; posts are shed until the next event's turn.
    expect(await burst(BUDGET_BURST + 25)).toEqual({ recorded: BUDGET_BURST, dropped: 25 });
    expect(shed.until).toBe(start + pace);
    for (let i = 0; i < 5; i += 1) expect(shedsBeacon('POST', BEACON_ROUTE, shed, start + pace - 1)).toBe(true);
    expect(shedsBeacon('POST', BEACON_ROUTE, shed, start + pace)).toBe(false);
    // Then at its pace, however many are sent.
    for (let step = 1; step <= 3; step += 1) {
      clock.at = new Date(start + step * 100 * pace);
      expect(await burst(101)).toEqual({ recorded: 100, dropped: 1 });
    }
    // A minute on: what the minute dropped, the shed posts included, is logged once.
    clock.at = new Date(start + 60_000);
    expect(await counting.record(person(), view())).toBe('recorded');
    expect(warnings()).toEqual(['33 beacon events dropped over the per-minute budget']);
    expect(shed.shed).toBe(0);
    await counting.stop();
    const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(analyticsEvents);
    expect(row?.n).toBe(BUDGET_BURST + 3 * 100 + 1);
  });

  it('rolls the leads up by their bounded attribution', async () => {
    const lead = (n: number, overrides: Partial<typeof contatos.$inferInsert>) => ({
      nome: 'Contato',
      email: `c${n}@exemplo.com.br`,
      celular: '(11) 90000-0000',
      tipo: 'proprietario' as const,
      consentVersion: '1',
      consentAt: sp('2026-11-20T10:00:00'),
      submissionKey: `bounds-${n}`,
      createdAt: sp('2026-11-20T10:00:00'),
      ...overrides,
    });
    await t.db.insert(contatos).values([
      lead(1, {
        paginaOrigem: 'https://pilota.example/wp-admin/x?utm_source=a',
        utmSource: ' Insta\u2066gram ',
        partnerSlug: 'nao-existe',
        ctaSource: 'qualquer',
      }),
      lead(2, {
        paginaOrigem: 'https://pilota.example/parceiro/carol-imoveis',
        partnerSlug: 'carol-imoveis',
        ctaSource: 'parceiro-hero',
      }),
    ]);
    await refreshRollups(t.db, '2026-11-20', '2026-11-20');
    const report = await visitReport(t.db, '2026-11-20', '2026-11-20');
    const values = (dimension: keyof typeof report.breakdowns) =>
      report.breakdowns[dimension].map((row) => [row.value, row.leads]).sort();
    expect(values('pagina')).toEqual([
      [OTHER_PATH, 1],
      ['/parceiro/carol-imoveis', 1],
    ]);
    expect(values('origem')).toEqual([
      ['', 1],
      ['Insta gram', 1],
    ]);
    expect(values('parceiro')).toEqual([
      [FOLDED, 1],
      ['carol-imoveis', 1],
    ]);
    expect(values('cta')).toEqual([
      [FOLDED, 1],
      ['parceiro-hero', 1],
    ]);
  });

  it('adds new events to the roll-ups: exact distinct visitors across refreshes, counts kept without their raw events', async () => {
    clock.at = sp('2026-11-20T10:00:00');
    const counting = ingest();
    const person = (n: number) => ({ headers: new Headers({ 'user-agent': CHROME }), ip: `203.0.113.${n}` });
    await counting.record(person(1), view({ source: 'google' }));
    await counting.flush();
    await refreshRollups(t.db, '2026-11-20', '2026-11-20');
    // The same visitor again, on the same page and another, and a new visitor.
    await counting.record(person(1), view({ source: 'google' }));
    await counting.record(person(1), view({ path: '/sobre', source: 'google' }));
    await counting.record(person(2), view({ source: 'google' }));
    await counting.stop();
    await refreshRollups(t.db, '2026-11-20', '2026-11-20');
    const check = async () => {
      const report = await visitReport(t.db, '2026-11-20', '2026-11-20');
      expect(report.totals).toMatchObject({ views: 4, visitors: 2 });
      expect(report.breakdowns.pagina.map((row) => [row.value, row.views, row.visitors])).toEqual([
        ['/planos', 3, 2],
        ['/sobre', 1, 1],
      ]);
      expect((await visitReport(t.db, '2026-11-20', '2026-11-20', { origem: 'google' })).totals).toMatchObject({
        views: 4,
        visitors: 3,
      });
    };
    await check();
    // Today's raw events gone (a rebuild would count nothing now): the roll-ups keep what they added.
    await t.db.delete(analyticsEvents);
    await refreshRollups(t.db, '2026-11-20', '2026-11-20');
    await check();
  });
});
