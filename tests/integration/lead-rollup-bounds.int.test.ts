/*
 * The sales reports' daily roll-up (src/server/inbox/lead-rollup.ts) keeps the leads'
 * attribution bounded as the visits' is (~/lib/attribution.ts): a lead form's hidden fields
 * are anyone's to fill, so a day of leads with a new utm_source, utm_campaign, partner and
 * CTA each must not become a row per lead. Every lead is still counted, under FOLDED.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FOLDED, MAX_VALUES_PER_DAY } from '~/lib/attribution';
import { contatos } from '~/server/db/schema';
import { leadReport } from '~/server/inbox/reports';
import { engines, useTestDatabase } from '../support/db';

const sp = (local: string) => new Date(`${local}-03:00`);

describe.each(engines)('lead roll-up bounds on %s', (engine) => {
  const t = useTestDatabase(engine);

  it('keeps a day’s most frequent utm values, known partners and CTAs, and folds the rest', async () => {
    const flood = MAX_VALUES_PER_DAY * 3;
    const lead = (n: number, attribution: Partial<typeof contatos.$inferInsert>) => {
      const createdAt = sp(`2026-11-20T10:${String(n % 60).padStart(2, '0')}:00`);
      return {
        nome: 'Contato',
        email: `c${n}@exemplo.com.br`,
        celular: '(11) 90000-0000',
        tipo: 'proprietario' as const,
        consentVersion: '1',
        consentAt: createdAt,
        submissionKey: `bounds-${n}`,
        createdAt,
        ...attribution,
      };
    };
    await t.db.insert(contatos).values([
      // The day's real traffic: most leads, so kept whatever comes after.
      ...Array.from({ length: 5 }, (_, n) =>
        lead(n, { utmSource: 'google', utmCampaign: 'black-friday', partnerSlug: 'carol-imoveis', ctaSource: 'nav' }),
      ),
      // A client posting forms with values never seen before.
      ...Array.from({ length: flood }, (_, n) =>
        lead(100 + n, {
          utmSource: `fonte-${n}`,
          utmCampaign: `campanha-${n}`,
          partnerSlug: `parceiro-${n}`,
          ctaSource: `botao-${n}`,
        }),
      ),
    ]);
    const report = await leadReport({ db: t.db }, { de: '2026-11-20', ate: '2026-11-20' });
    const values = (rows: { value: string; leads: number }[]) => new Map(rows.map((row) => [row.value, row.leads]));

    for (const [dimension, real] of [
      ['origem', 'google'],
      ['campanha', 'black-friday'],
    ] as const) {
      const rows = values(report.breakdowns[dimension]);
      expect(rows.size).toBe(MAX_VALUES_PER_DAY + 1);
      expect(rows.get(real)).toBe(5);
      // The other kept values have one lead each; the rest are one row.
      expect(rows.get(FOLDED)).toBe(flood - (MAX_VALUES_PER_DAY - 1));
    }
    expect(values(report.breakdowns.parceiro)).toEqual(
      new Map([
        ['carol-imoveis', 5],
        [FOLDED, flood],
      ]),
    );
    expect(values(report.breakdowns.cta)).toEqual(
      new Map([
        ['nav', 5],
        [FOLDED, flood],
      ]),
    );
    expect(report.days).toEqual([{ day: '2026-11-20', leads: flood + 5, conversions: 0 }]);
    const [rows] = (
      (await t.db.execute(sql`select count(*)::int as n from lead_daily where day = '2026-11-20'`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    // The day, tipo and nobody's salesperson row, and the four breakdowns above.
    expect(rows?.n).toBe(3 + 2 * (MAX_VALUES_PER_DAY + 1) + 2 + 2);
  });
});
