import { Tabs } from './ui/Tabs';

/*
 * The seven feature tabs of /funcionalidades (ui/Tabs: WAI-ARIA tabs pattern, automatic
 * activation: arrows, Home and End move focus and select at once, since every
 * panel is already in the page and shows without delay).
 *
 * All panels are rendered on the server; the inactive ones carry `hidden`. So the
 * first tab's panel is complete before any JavaScript runs, hydration changes
 * nothing on screen, and the other panels' text is still in the document.
 */

export interface DashboardData {
  title: string;
  metrics: { label: string; value: string }[];
  rows: { label: string; value: string; status: string }[];
}

export interface FeatureTabData {
  id: string;
  label: string;
  title: string;
  summary: string;
  items: string[];
  result: string;
  dashboard: DashboardData;
}

export interface FeatureTabsProps {
  /** Tabs in display order; the first is active until the visitor picks another. */
  tabs: FeatureTabData[];
  /** Accessible name of the tab list. */
  label: string;
  /** Small caption on each mock dashboard, e.g. 'Exemplo ilustrativo'. */
  dashboardNote: string;
}

export function FeatureTabs({ tabs, label, dashboardNote }: FeatureTabsProps) {
  return (
    <div>
      <Tabs
        items={tabs}
        label={label}
        listClassName="-mx-4 flex snap-x gap-2 overflow-x-auto px-4 pb-2 sm:mx-0 sm:flex-wrap sm:justify-center sm:overflow-visible sm:px-0"
        tabClassName={(selected) =>
          'shrink-0 snap-start rounded-full border px-4 py-2 text-sm font-semibold whitespace-nowrap transition-colors ' +
          (selected
            ? 'border-brand-700 bg-brand-700 text-white'
            : 'border-slate-300 bg-white text-slate-700 hover:border-brand-700 hover:text-brand-700')
        }
        panelClassName="mt-8 grid items-start gap-8 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:grid-cols-2 lg:gap-12"
      >
        {(tab) => (
          <>
            <div>
              <h2 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{tab.title}</h2>
              <p className="mt-3 text-slate-600">{tab.summary}</p>
              <ul className="mt-6 space-y-3">
                {tab.items.map((item) => (
                  <li key={item} className="flex gap-3 text-slate-700">
                    <CheckMark />
                    <span>{item}</span>
                  </li>
                ))}
              </ul>
              <p className="mt-6 rounded-xl border-l-4 border-accent-500 bg-emerald-50 px-4 py-3 font-semibold text-accent-700">
                {tab.result}
              </p>
            </div>
            <MockDashboard dashboard={tab.dashboard} note={dashboardNote} />
          </>
        )}
      </Tabs>
    </div>
  );
}

/**
 * An illustrative product screen. Rendered without a client directive elsewhere
 * (the home hero), it is plain HTML there.
 */
export function MockDashboard({ dashboard, note }: { dashboard: DashboardData; note: string }) {
  return (
    <figure className="overflow-hidden rounded-2xl border border-slate-200 bg-slate-50 shadow-lg">
      <div className="flex items-center gap-1.5 border-b border-slate-200 bg-white px-4 py-3" aria-hidden="true">
        <span className="size-2.5 rounded-full bg-red-300" />
        <span className="size-2.5 rounded-full bg-amber-300" />
        <span className="size-2.5 rounded-full bg-emerald-300" />
      </div>
      <div className="p-4 sm:p-5">
        <p className="font-semibold text-slate-900">{dashboard.title}</p>
        <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {dashboard.metrics.map((metric) => (
            <div key={metric.label} className="rounded-xl bg-white p-3 shadow-sm">
              <dt className="text-xs text-slate-600">{metric.label}</dt>
              <dd className="mt-1 text-base font-bold text-slate-900 sm:text-lg">{metric.value}</dd>
            </div>
          ))}
        </dl>
        <ul className="mt-4 divide-y divide-slate-200 rounded-xl bg-white text-sm shadow-sm">
          {dashboard.rows.map((row) => (
            <li key={row.label} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 py-2.5">
              <span className="min-w-0 text-slate-700">{row.label}</span>
              <span className="flex items-center gap-2">
                <span className="font-semibold whitespace-nowrap text-slate-900">{row.value}</span>
                <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-brand-800">
                  {row.status}
                </span>
              </span>
            </li>
          ))}
        </ul>
      </div>
      <figcaption className="px-4 pb-3 text-right text-xs text-slate-600 sm:px-5">{note}</figcaption>
    </figure>
  );
}

function CheckMark() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="mt-0.5 size-5 shrink-0 text-accent-700"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M20 6 9 17l-5-5" />
    </svg>
  );
}
