/*
 * Prices that must agree across files, which no single file's schema can see:
 * - a /gestao plan that names its /planos tier (`planosPlan`) asks the same monthly price, and
 *   the same annual one unless `annualPriceNote` says why (the spec's two tables differ on one);
 * - a stated saving ("Economize até 20% no plano anual!") is not more than the prices give.
 * The build fails on the first (src/integrations/price-check.mjs) and warns on the second: the
 * spec's texts stay as written, and the team learns when the prices stopped backing them.
 */
import { formatBRL as brl } from './br-format.ts';
import { annualSavingsPercent, type PricedPlan as Prices } from './pricing.ts';

export interface PricedPlan extends Prices {
  id: string;
  name: string;
}

export interface GestaoPlan extends PricedPlan {
  planosPlan?: string | undefined;
  annualPriceNote?: string | undefined;
}

const gestaoFile = (id: string) => `content/gestao-plans/${id}.yaml`;

/** What disagrees between the /gestao plans and the /planos tiers they name, in pt-BR; empty when all agree. */
export function tierPriceProblems(plans: readonly PricedPlan[], gestaoPlans: readonly GestaoPlan[]): string[] {
  const problems: string[] = [];
  for (const plan of gestaoPlans) {
    if (!plan.planosPlan) continue;
    const file = gestaoFile(plan.id);
    const tier = plans.find((candidate) => candidate.id === plan.planosPlan);
    if (!tier) {
      problems.push(`${file}, campo planosPlan: não há plano "${plan.planosPlan}" em content/plans.`);
      continue;
    }
    if (plan.monthlyCents !== tier.monthlyCents) {
      problems.push(
        `${file}, campo monthlyPrice: ${brl(plan.monthlyCents)} em /gestao, mas ${brl(tier.monthlyCents)} no mesmo plano em /planos (${tier.name}). Use o mesmo preço.`,
      );
    }
    const differs = plan.annualCents !== tier.annualCents;
    if (differs && !plan.annualPriceNote) {
      problems.push(
        `${file}, campo annualPrice: ${brl(plan.annualCents)} em /gestao, mas ${brl(tier.annualCents)} no mesmo plano em /planos (${tier.name}). Use o mesmo preço ou explique a diferença em annualPriceNote.`,
      );
    }
    if (!differs && plan.annualPriceNote) {
      problems.push(
        `${file}, campo annualPriceNote: o preço anual é igual ao de /planos (${tier.name}); apague a explicação da diferença.`,
      );
    }
  }
  return problems;
}

/** The largest saving of paying the year at once, in whole percent of twelve months (0 without plans). */
export function bestAnnualSaving(plans: readonly Prices[]): number {
  return Math.max(0, ...plans.map(annualSavingsPercent));
}

/** "até 20%" or "até 16,5%" in a text: the percentage stated, or undefined. */
export function statedSaving(text: string): number | undefined {
  const match = /até\s+(\d+(?:,\d+)?)\s*%/i.exec(text);
  return match?.[1] === undefined ? undefined : Number(match[1].replace(',', '.'));
}

export interface SavingClaim {
  /** Where it is written: `content/pages/plans-page.yaml, campo annualBadge`. */
  where: string;
  text: string;
}

/** A warning, in pt-BR, for each claim that states more saving than `plans` give. */
export function savingClaimWarnings(claims: readonly SavingClaim[], plans: readonly Prices[]): string[] {
  const best = bestAnnualSaving(plans);
  return claims.flatMap(({ where, text }) => {
    const stated = statedSaving(text);
    if (stated === undefined || stated <= best) return [];
    return [
      `${where}: "${text}" promete até ${String(stated).replace('.', ',')}%, mas os preços dão no máximo ${best}%.`,
    ];
  });
}

/** A long line cut to the words around its claim, which it keeps. */
function shorten(line: string): string {
  if (line.length <= 100) return line;
  const at = Math.max(0, line.search(/até\s+\d/i) - 40);
  return `${at > 0 ? '…' : ''}${line.slice(at, at + 100)}${at + 100 < line.length ? '…' : ''}`;
}

/** The lines of a content file that state an annual saving ("até 20%" beside "econom…" or "anual"). */
export function savingClaimsIn(file: string, text: string): SavingClaim[] {
  return text
    .split('\n')
    .flatMap((line, index) =>
      statedSaving(line) !== undefined && /econom|anual|annual/i.test(line)
        ? [{ where: `${file}, linha ${index + 1}`, text: shorten(line.trim()) }]
        : [],
    );
}
