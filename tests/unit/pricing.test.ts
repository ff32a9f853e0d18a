import { describe, expect, it } from 'vitest';
import { plans, gestaoPlans } from '../../src/lib/content-data';
import { formatBRL } from '../../src/lib/br-format';
import { annualMonthlyEquivalent, annualSavingsPercent, planPriceView } from '../../src/lib/pricing';

// Expected values are worked out by hand from SPEC §9, not computed by the code under test.
const nbsp = (text: string) => text.replace(' ', '\u00a0');

describe.each([
  ['Iniciante', 'R$ 49,00', 'R$ 40,83', 'R$ 490,00'],
  ['Crescimento', 'R$ 79,90', 'R$ 66,66', 'R$ 799,90'],
  ['Potencial', 'R$ 99,90', 'R$ 83,33', 'R$ 999,90'],
  ['Profissional', 'R$ 149,90', 'R$ 124,00', 'R$ 1.488,00'],
  ['Imobiliária', 'R$ 299,90', 'R$ 249,17', 'R$ 2.990,00'],
])('/planos plan %s', (name, monthly, annualPerMonth, annualTotal) => {
  const plan = plans.find((p) => p.name === name)!;

  it('shows the monthly price in monthly mode', () => {
    const view = planPriceView(plan, 'mensal');
    expect(formatBRL(view.perMonthCents)).toBe(nbsp(monthly));
    expect(view.strikeCents).toBeUndefined();
    expect(view.annualTotalCents).toBeUndefined();
  });

  it('shows annual ÷ 12, the struck monthly price and the annual total in annual mode', () => {
    const view = planPriceView(plan, 'anual');
    expect(formatBRL(view.perMonthCents)).toBe(nbsp(annualPerMonth));
    expect(formatBRL(view.strikeCents!)).toBe(nbsp(monthly));
    expect(formatBRL(view.annualTotalCents!)).toBe(nbsp(annualTotal));
  });
});

describe.each([
  ['Primeiros Kms', 'R$ 49,00', 'R$ 40,83'],
  ['Até 5 Imóveis', 'R$ 79,90', 'R$ 66,66'],
  ['Até 10 Imóveis', 'R$ 99,90', 'R$ 83,33'],
  ['Até 150 Imóveis', 'R$ 149,90', 'R$ 124,24'],
])('/gestao plan %s', (name, monthly, annualPerMonth) => {
  const plan = gestaoPlans.find((p) => p.name === name)!;
  it('formats the monthly price and the annual monthly equivalent', () => {
    expect(formatBRL(plan.monthlyCents)).toBe(nbsp(monthly));
    expect(formatBRL(annualMonthlyEquivalent(plan))).toBe(nbsp(annualPerMonth));
  });
});

describe('annualSavingsPercent', () => {
  it('stays within the advertised "até 20%" on every /planos plan', () => {
    for (const plan of plans) expect(annualSavingsPercent(plan)).toBeLessThanOrEqual(20);
  });
  it('reads 17% for R$ 49 a month against R$ 490 a year', () => {
    expect(annualSavingsPercent({ monthlyCents: 4900, annualCents: 49_000 })).toBe(17);
  });
});
