/** Plan price arithmetic for the monthly / annual billing switch. */

export type BillingPeriod = 'mensal' | 'anual';

export interface PricedPlan {
  monthlyCents: number;
  annualCents: number;
}

/**
 * What a month costs on the annual plan: the annual total ÷ 12, rounded to the
 * nearest cent (half up), as shown on the plan cards.
 * @example annualMonthlyEquivalent({ monthlyCents: 14990, annualCents: 148800 }) // 12400
 */
export function annualMonthlyEquivalent(plan: PricedPlan): number {
  return Math.round(plan.annualCents / 12);
}

export interface PlanPriceView {
  /** The price per month shown in large type. */
  perMonthCents: number;
  /** The regular monthly price, struck through in annual mode. */
  strikeCents: number | undefined;
  /** The year's total, shown in annual mode. */
  annualTotalCents: number | undefined;
}

/**
 * Everything a plan card shows for the chosen billing period.
 * @example planPriceView({ monthlyCents: 4900, annualCents: 49000 }, 'anual')
 * // { perMonthCents: 4083, strikeCents: 4900, annualTotalCents: 49000 }
 */
export function planPriceView(plan: PricedPlan, period: BillingPeriod): PlanPriceView {
  if (period === 'mensal') {
    return { perMonthCents: plan.monthlyCents, strikeCents: undefined, annualTotalCents: undefined };
  }
  return {
    perMonthCents: annualMonthlyEquivalent(plan),
    strikeCents: plan.monthlyCents,
    annualTotalCents: plan.annualCents,
  };
}

/**
 * How much of twelve monthly payments the annual plan saves, in whole percent.
 * @example annualSavingsPercent({ monthlyCents: 4900, annualCents: 49000 }) // 17
 */
export function annualSavingsPercent(plan: PricedPlan): number {
  const twelveMonths = plan.monthlyCents * 12;
  return Math.round(((twelveMonths - plan.annualCents) / twelveMonths) * 100);
}
