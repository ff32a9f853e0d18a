import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { nextRovingIndex } from '~/lib/roving-focus';

/*
 * Others-vs-Pilota comparison on the home page: two tabs (WAI-ARIA tabs pattern,
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
  const [active, setActive] = useState<Side>('others');
  const base = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const sides: { key: Side; label: string; items: string[] }[] = [
    { key: 'others', label: othersLabel, items: others },
    { key: 'pilota', label: pilotaLabel, items: pilota },
  ];

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const next = nextRovingIndex(event.key, index, sides.length, 'horizontal');
    if (next === undefined) return;
    event.preventDefault();
    setActive(sides[next]!.key);
    tabRefs.current[next]?.focus();
  }

  return (
    <div className="mx-auto max-w-3xl">
      <div
        role="tablist"
        aria-labelledby={labelledBy}
        className="mx-auto grid max-w-md grid-cols-2 gap-1 rounded-full border border-slate-200 bg-slate-100 p-1"
      >
        {sides.map((side, index) => {
          const selected = side.key === active;
          return (
            <button
              key={side.key}
              ref={(node) => {
                tabRefs.current[index] = node;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${side.key}`}
              aria-selected={selected}
              aria-controls={`${base}-painel-${side.key}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setActive(side.key)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={
                'rounded-full px-3 py-2.5 text-sm font-semibold transition-colors sm:text-base ' +
                (selected
                  ? side.key === 'pilota'
                    ? 'bg-brand-700 text-white shadow'
                    : 'bg-white text-slate-900 shadow'
                  : 'text-slate-700 hover:text-slate-900')
              }
            >
              {side.label}
            </button>
          );
        })}
      </div>

      {sides.map((side) => (
        <div
          key={side.key}
          role="tabpanel"
          id={`${base}-painel-${side.key}`}
          aria-labelledby={`${base}-tab-${side.key}`}
          hidden={side.key !== active}
          tabIndex={0}
          className={
            'mt-6 rounded-3xl border p-6 sm:p-8 ' +
            (side.key === 'pilota' ? 'border-brand-200 bg-brand-50' : 'border-red-200 bg-red-50/60')
          }
        >
          <ul className="grid gap-4 sm:grid-cols-2">
            {side.items.map((item) => (
              <li key={item} className="flex gap-3 text-slate-800">
                {side.key === 'pilota' ? <Mark kind="yes" /> : <Mark kind="no" />}
                <span>{item}</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
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
