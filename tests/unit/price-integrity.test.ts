/*
 * Prices an editor cannot get wrong: an annual price above twelve months is refused by the
 * schema (the build) and by the CMS before it saves; the /gestao tiers ask the /planos tiers'
 * prices unless a note says why (the spec's one difference); a stated saving the prices do not
 * give is warned about, its text kept as the spec writes it.
 */
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { saveChecksScript } from '../../src/cms/save-checks';
import { priceReport } from '../../src/integrations/price-check.mjs';
import { readFolder } from '../../src/lib/content-files';
import { ANNUAL_PRICE_MESSAGE, folderItems, gestaoPlanSchema, planSchema } from '../../src/lib/content-schemas';
import { savingClaimsIn, savingClaimWarnings, tierPriceProblems, type GestaoPlan } from '../../src/lib/price-integrity';

const planFile = (monthlyPrice: string, annualPrice: string) => `name: Básico
description: Para testar.
monthlyPrice: ${monthlyPrice}
annualPrice: ${annualPrice}
properties: 3
users: 1
storage: 5GB
support: E-mail
order: 1
`;

describe('annual price at most twelve months', () => {
  it.each([planSchema, gestaoPlanSchema])('the build refuses an annual price above 12 × monthly', (schema) => {
    expect(() => folderItems({ 'content/plans/basico.yaml': planFile('49,00', '990,00') }, schema)).toThrow(
      `content/plans/basico.yaml, campo annualPrice: ${ANNUAL_PRICE_MESSAGE}`,
    );
    const [twelve] = folderItems({ 'content/plans/basico.yaml': planFile('49,00', '588,00') }, schema);
    expect(twelve).toMatchObject({ monthlyCents: 4900, annualCents: 58_800 });
  });

  /** The CMS page's check, run as the page runs it, against a registry that keeps handlers as Decap's does. */
  function cmsSave() {
    const handlers: ((event: { entry: Map<string, unknown> }) => unknown)[] = [];
    const CMS = {
      registerEventListener: ({ name, handler }: { name: string; handler: (typeof handlers)[number] }) => {
        expect(name).toBe('preSave');
        handlers.push(handler);
      },
    };
    runInNewContext(saveChecksScript(), { window: { CMS } });
    expect(handlers).toHaveLength(1);
    // Decap's entry is an Immutable.js Map: `get` by key, the fields under `data`.
    return (collection: string, data: Record<string, string>) => {
      const entry = new Map<string, unknown>([
        ['collection', collection],
        ['data', new Map(Object.entries(data))],
      ]);
      try {
        return { saved: handlers[0]?.({ entry }) === undefined };
      } catch (error) {
        return { refused: String(error) };
      }
    };
  }

  it('the CMS refuses it before saving, with the same message and nothing else in front', () => {
    const save = cmsSave();
    for (const collection of ['plans', 'gestao-plans']) {
      expect(save(collection, { monthlyPrice: '49,00', annualPrice: '990,00' })).toEqual({
        refused: ANNUAL_PRICE_MESSAGE,
      });
      expect(save(collection, { monthlyPrice: '149,90', annualPrice: '1.798,80' })).toEqual({ saved: true });
      expect(save(collection, { monthlyPrice: '149,90', annualPrice: '1.798,81' })).toEqual({
        refused: ANNUAL_PRICE_MESSAGE,
      });
    }
    // A malformed price is its own field's refusal; other collections are not plans.
    expect(save('plans', { monthlyPrice: '49', annualPrice: '990,00' })).toEqual({ saved: true });
    expect(save('add-ons', { monthlyPrice: '1,00', annualPrice: '990,00' })).toEqual({ saved: true });
  });
});

describe('one price per tier on /planos and /gestao', () => {
  const plans = readFolder('plans', planSchema);
  const gestaoPlans = readFolder('gestao-plans', gestaoPlanSchema);
  const prices = (list: { id: string; monthlyCents: number; annualCents: number }[]) =>
    Object.fromEntries(list.map((plan) => [plan.id, [plan.monthlyCents, plan.annualCents]]));

  it("keeps the spec's figures on both pages", () => {
    expect(prices(plans)).toEqual({
      iniciante: [4900, 49_000],
      crescimento: [7990, 79_990],
      potencial: [9990, 99_990],
      profissional: [14_990, 148_800],
      imobiliaria: [29_990, 299_000],
    });
    expect(prices(gestaoPlans)).toEqual({
      'primeiros-kms': [4900, 49_000],
      'ate-5-imoveis': [7990, 79_990],
      'ate-10-imoveis': [9990, 99_990],
      'ate-150-imoveis': [14_990, 149_090],
    });
  });

  it('every /gestao plan names its /planos tier, and they agree but for the explained difference', () => {
    expect(gestaoPlans.map((plan) => plan.planosPlan)).toEqual([
      'iniciante',
      'crescimento',
      'potencial',
      'profissional',
    ]);
    expect(gestaoPlans.filter((plan) => plan.annualPriceNote).map((plan) => plan.id)).toEqual(['ate-150-imoveis']);
    expect(priceReport().problems).toEqual([]);
  });

  it('refuses a tier whose prices disagree without a reason, or a reason without a difference', () => {
    const tier = { id: 'profissional', name: 'Profissional', monthlyCents: 14_990, annualCents: 148_800 };
    const gestao = (change: Partial<GestaoPlan>): GestaoPlan[] => [
      { ...tier, id: 'ate-150-imoveis', name: 'Até 150 Imóveis', planosPlan: 'profissional', ...change },
    ];
    expect(tierPriceProblems([tier], gestao({}))).toEqual([]);
    expect(tierPriceProblems([tier], gestao({ monthlyCents: 15_990 }))).toEqual([
      expect.stringMatching(
        /^content\/gestao-plans\/ate-150-imoveis\.yaml, campo monthlyPrice: R\$\s159,90 em \/gestao/,
      ),
    ]);
    expect(tierPriceProblems([tier], gestao({ annualCents: 149_090 }))).toEqual([
      expect.stringContaining('campo annualPrice:'),
    ]);
    expect(tierPriceProblems([tier], gestao({ annualCents: 149_090, annualPriceNote: 'Da especificação.' }))).toEqual(
      [],
    );
    expect(tierPriceProblems([tier], gestao({ annualPriceNote: 'Da especificação.' }))).toEqual([
      expect.stringContaining('campo annualPriceNote:'),
    ]);
    expect(tierPriceProblems([tier], gestao({ planosPlan: 'basico' }))).toEqual([
      expect.stringContaining('não há plano "basico"'),
    ]);
  });
});

describe('"Economize até X%"', () => {
  it('warns where the /planos texts promise more than its prices give (17%), and not on /gestao', () => {
    const { warnings } = priceReport();
    expect(warnings.length).toBeGreaterThan(0);
    for (const warning of warnings) {
      expect(warning).toMatch(/^content\/(pages\/plans-page|settings\/site|faqs\/planos-[a-z-]+)\.yaml, linha \d+: /);
      expect(warning).toContain('promete até 20%, mas os preços dão no máximo 17%.');
    }
    expect(warnings.some((warning) => warning.includes('Economize até 20% no plano anual!'))).toBe(true);
  });

  it('is quiet when the prices back the claim', () => {
    const plan = { monthlyCents: 10_000, annualCents: 96_000 };
    expect(savingClaimWarnings([{ where: 'x', text: 'Economize até 20% no plano anual!' }], [plan])).toEqual([]);
    expect(savingClaimWarnings([{ where: 'x', text: 'Economize até 21% no plano anual!' }], [plan])).toHaveLength(1);
  });

  it('quotes a long line by the words around its claim', () => {
    const [claim] = savingClaimsIn(
      'content/faqs/x.yaml',
      `answer: ${'palavra '.repeat(30)}no plano anual você economiza até 20% ${'e mais '.repeat(20)}`,
    );
    expect(claim?.text.length).toBeLessThanOrEqual(102);
    expect(claim?.text).toContain('economiza até 20%');
    expect(claim?.where).toBe('content/faqs/x.yaml, linha 1');
  });
});
