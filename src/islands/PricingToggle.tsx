import { useRef, useState, type KeyboardEvent } from 'react';
import { formatBRL } from '~/lib/br-format';
import { hyphenSegments } from '~/lib/keep-words';
import { planPriceView, type BillingPeriod } from '~/lib/pricing';
import { nextRovingIndex } from '~/lib/roving-focus';

/*
 * Monthly/annual billing switch and the plan cards it prices, as one island so
 * the switch and every card change together. Used by /planos and /gestao with
 * their own plan tables and wording; everything here comes in through props.
 *
 * The switch is a WAI-ARIA radio group of two buttons (roving tabindex; arrows,
 * Home and End move and select; Space and Enter select). Monthly is the default,
 * which is also what the server renders.
 *
 * Each card's button opens the lead dialog. It is a plain link marked
 * `data-lead-trigger`: the page-level script in LeadDialog.astro opens the dialog,
 * so it works before this island hydrates (client:interaction lets those clicks
 * through) and still leads to the contact form with JavaScript off.
 */

/** A plan as the cards need it; serialisable, so pages pass content data straight in. */
export interface PricingPlan {
  /** Stable id; the card's lead source is `${sourcePrefix}${id}`. */
  id: string;
  name: string;
  description: string;
  /** Price of one month on the monthly plan, integer cents. */
  monthlyCents: number;
  /** Price of a whole year paid at once, integer cents. */
  annualCents: number;
  /** Shows the popular badge and highlights the card. */
  popular: boolean;
  /** Limit lines under the price, already worded (see src/lib/plan-features.ts). */
  features: string[];
}

/** Every word the island shows, from the page's content module. */
export interface PricingLabels {
  /** Accessible name of the radio group: 'Período de cobrança'. */
  billing: string;
  monthly: string;
  annual: string;
  /** After the price: '/mês'. */
  perMonth: string;
  /** Screen-reader text before the struck-through monthly price. */
  regularPrice: string;
  /** Before the annual total: 'Total anual de'. */
  annualTotal: string;
  /** Badge on popular plans: 'Mais popular'. */
  popular: string;
  /** Card button text. */
  cta: string;
  /** The lead dialog the button opens (src/copy/messages/lead.ts `leadDialogOf(cta)`), if not the general one. */
  ctaDialog?: string | undefined;
}

export interface PricingToggleProps {
  plans: PricingPlan[];
  labels: PricingLabels;
  /** Shown beside the switch in annual mode only, e.g. 'Economize até 20% no plano anual!'. */
  annualBadge?: string | undefined;
  /** Prefix of each card's lead source; defaults to 'plano-'. */
  sourcePrefix?: string | undefined;
  /** Where card buttons lead with JavaScript off; defaults to the contact form. */
  ctaHref?: string | undefined;
  /** Heading level of each plan's name: 2 right under the page's h1, 3 under a section h2 (default). */
  cardHeadingLevel?: 2 | 3 | undefined;
}

const PERIODS: readonly BillingPeriod[] = ['mensal', 'anual'];

export function PricingToggle({
  plans,
  labels,
  annualBadge,
  sourcePrefix = 'plano-',
  ctaHref = '/contato#formulario',
  cardHeadingLevel = 3,
}: PricingToggleProps) {
  const [period, setPeriod] = useState<BillingPeriod>('mensal');
  const radioRefs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const next = nextRovingIndex(event.key, index, PERIODS.length);
    if (next === undefined) return;
    event.preventDefault();
    setPeriod(PERIODS[next]!);
    radioRefs.current[next]?.focus();
  }

  return (
    <div>
      <div className="flex flex-col items-center gap-3">
        <div
          role="radiogroup"
          aria-label={labels.billing}
          className="inline-grid grid-cols-2 gap-1 rounded-full border border-slate-200 bg-slate-100 p-1"
        >
          {PERIODS.map((value, index) => {
            const checked = value === period;
            return (
              <button
                key={value}
                ref={(node) => {
                  radioRefs.current[index] = node;
                }}
                type="button"
                role="radio"
                aria-checked={checked}
                tabIndex={checked ? 0 : -1}
                onClick={() => setPeriod(value)}
                onKeyDown={(event) => onKeyDown(event, index)}
                className={
                  'min-w-28 rounded-full px-5 py-2 font-semibold transition-colors ' +
                  (checked ? 'bg-brand-700 text-white shadow' : 'text-slate-700 hover:text-slate-900')
                }
              >
                {value === 'mensal' ? labels.monthly : labels.annual}
              </button>
            );
          })}
        </div>
        {/* Always present so screen readers announce the badge when it appears. */}
        <p aria-live="polite" className="min-h-8">
          {period === 'anual' && annualBadge ? (
            <span className="inline-block rounded-full bg-emerald-100 px-4 py-1.5 text-sm font-semibold text-accent-700">
              {annualBadge}
            </span>
          ) : null}
        </p>
      </div>

      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5 xl:gap-4" role="list">
        {/* On a phone the most popular plan comes first (CSS order; the list keeps its cheapest-first order). */}
        {plans.map((plan) => (
          <li key={plan.id} className={plan.popular ? 'flex max-sm:order-first' : 'flex'}>
            <PlanCard
              plan={plan}
              period={period}
              labels={labels}
              source={`${sourcePrefix}${plan.id}`}
              ctaHref={ctaHref}
              headingLevel={cardHeadingLevel}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

interface PlanCardProps {
  plan: PricingPlan;
  period: BillingPeriod;
  labels: PricingLabels;
  source: string;
  ctaHref: string;
  headingLevel: 2 | 3;
}

function PlanCard({ plan, period, labels, source, ctaHref, headingLevel }: PlanCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const view = planPriceView(plan, period);
  const nameId = `plano-${plan.id}-nome`;
  return (
    <article
      aria-labelledby={nameId}
      className={
        'relative flex w-full flex-col rounded-2xl border bg-white p-6 shadow-sm xl:p-5 ' +
        (plan.popular ? 'border-brand-700 ring-2 ring-brand-700' : 'border-slate-200')
      }
    >
      {plan.popular ? (
        <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold whitespace-nowrap text-white">
          {labels.popular}
        </p>
      ) : null}
      <Heading id={nameId} className="text-lg font-bold text-slate-900">
        {plan.name}
      </Heading>
      <p className="mt-2 text-sm text-slate-600 xl:min-h-20">{plan.description}</p>

      <div className="mt-5 min-h-24">
        <p className="min-h-5 text-sm text-slate-600">
          {view.strikeCents !== undefined ? (
            <>
              <span className="sr-only">{labels.regularPrice} </span>
              <s>{formatBRL(view.strikeCents)}</s>
            </>
          ) : null}
        </p>
        {/* Price and period on one line, whatever the card's width. */}
        <p className="mt-1 flex items-baseline gap-x-1 whitespace-nowrap">
          <span className="text-3xl font-bold tracking-tight text-slate-900 xl:text-2xl">
            {formatBRL(view.perMonthCents)}
          </span>
          <span className="text-sm text-slate-600">{labels.perMonth}</span>
        </p>
        <p className="mt-1 min-h-5 text-sm text-slate-600">
          {view.annualTotalCents !== undefined ? `${labels.annualTotal} ${formatBRL(view.annualTotalCents)}` : null}
        </p>
      </div>

      <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-700">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <svg
              viewBox="0 0 24 24"
              className="mt-0.5 size-4 shrink-0 text-accent-700"
              fill="none"
              stroke="currentColor"
              strokeWidth="3"
              strokeLinecap="round"
              strokeLinejoin="round"
              aria-hidden="true"
              focusable="false"
            >
              <path d="M20 6 9 17l-5-5" />
            </svg>
            <span>
              {/* "e-mail" never breaks at its hyphen (lib/keep-words). */}
              {hyphenSegments(feature).map((segment, index) =>
                segment.keep ? (
                  <span key={index} className="whitespace-nowrap">
                    {segment.text}
                  </span>
                ) : (
                  segment.text
                ),
              )}
            </span>
          </li>
        ))}
      </ul>

      <a
        href={ctaHref}
        data-lead-trigger={source}
        data-lead-dialog={labels.ctaDialog}
        aria-haspopup="dialog"
        className={(plan.popular ? 'btn-primary' : 'btn-secondary') + ' mt-6 w-full xl:px-3 xl:text-sm'}
      >
        {labels.cta}
        <span className="sr-only"> – {plan.name}</span>
      </a>
    </article>
  );
}
