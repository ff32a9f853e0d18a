import { Tabs } from './ui/Tabs';

/*
 * Others-vs-Pilota comparison on the home page: two tabs (ui/Tabs: WAI-ARIA tabs pattern,
 * automatic activation). It opens on the others tab on purpose: the visitor
 * first recognises the pain, then switches to see the way out.
 */

export interface ComparisonToggleProps {
  /** Id of the heading that names the tab list. */
  labelledBy: string;
  othersLabel: string;
  pilotaLabel: string;
  /** What other systems do, shown on the first (default) tab. */
  others: string[];
  /** What Pilota does instead, one line per item of `others`. */
  pilota: string[];
}

type Side = 'others' | 'pilota';

export function ComparisonToggle({ labelledBy, othersLabel, pilotaLabel, others, pilota }: ComparisonToggleProps) {
  const sides: { id: Side; label: string; items: string[] }[] = [
    { id: 'others', label: othersLabel, items: others },
    { id: 'pilota', label: pilotaLabel, items: pilota },
  ];

  return (
    <div className="mx-auto max-w-3xl">
      <Tabs
        items={sides}
        labelledBy={labelledBy}
        listClassName="mx-auto grid max-w-md grid-cols-2 gap-1 rounded-full border border-slate-200 bg-slate-100 p-1"
        tabClassName={(selected, side) =>
          'rounded-full px-3 py-2.5 text-sm font-semibold transition-colors sm:text-base ' +
          (selected
            ? side.id === 'pilota'
              ? 'bg-brand-700 text-white shadow'
              : 'bg-white text-slate-900 shadow'
            : 'text-slate-700 hover:text-slate-900')
        }
        panelClassName={(side) =>
          'mt-6 rounded-3xl border p-6 sm:p-8 ' +
          (side.id === 'pilota' ? 'border-brand-200 bg-brand-50' : 'border-red-200 bg-red-50/60')
        }
      >
        {(side) => (
          <ul className="grid gap-4 sm:grid-cols-2">
            {side.items.map((item) => (
              <li key={item} className="flex gap-3 text-slate-800">
                <Mark kind={side.id === 'pilota' ? 'yes' : 'no'} />
                <span>{item}</span>
              </li>
            ))}
          </ul>
        )}
      </Tabs>
    </div>
  );
}

function Mark({ kind }: { kind: 'yes' | 'no' }) {
  return (
    <span
      className={
        'mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full ' +
        (kind === 'yes' ? 'bg-accent-700 text-white' : 'bg-red-700 text-white')
      }
      aria-hidden="true"
    >
      <svg
        viewBox="0 0 24 24"
        className="size-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
      >
        {kind === 'yes' ? <path d="M20 6 9 17l-5-5" /> : <path d="M18 6 6 18M6 6l12 12" />}
      </svg>
    </span>
  );
}
