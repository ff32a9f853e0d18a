import { useEffect, useRef } from 'react';
import type { ImplementationFormCopy } from '~/lib/content-schemas';

interface ConfirmationProps {
  copy: ImplementationFormCopy['confirmation'];
  /** The saved request's short reference (lib/uuid `requestReference`). */
  reference: string;
}

/*
 * What a visitor sees once the request is saved: a toast alone is missed by someone at the
 * bottom of a long form that just emptied. The panel takes focus, so the page scrolls to it
 * and a screen reader reads its heading; it says what happens next, the three setup calls and
 * the reference to quote to the team.
 */
export function Confirmation({ copy, reference }: ConfirmationProps) {
  const panel = useRef<HTMLElement>(null);
  useEffect(() => panel.current?.focus(), [reference]);
  return (
    <section
      ref={panel}
      tabIndex={-1}
      aria-labelledby="implementacao-confirmacao"
      data-implementation-confirmation
      className="mb-8 scroll-mt-24 rounded-2xl border border-emerald-200 bg-emerald-50 p-6 text-slate-800 focus:outline-2 focus:outline-offset-2 focus:outline-emerald-700"
    >
      <h2 id="implementacao-confirmacao" className="text-xl font-bold text-slate-900">
        {copy.title}
      </h2>
      <p className="mt-3">
        {copy.referenceLabel}:{' '}
        <strong className="font-mono text-lg tracking-wider text-slate-900" data-reference>
          {reference}
        </strong>
      </p>
      <p className="mt-1 text-sm text-slate-700">{copy.referenceNote}</p>
      <h3 className="mt-5 font-semibold text-slate-900">{copy.nextTitle}</h3>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {copy.next.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ul>
      <h3 className="mt-5 font-semibold text-slate-900">{copy.callsTitle}</h3>
      <ol className="mt-2 list-decimal space-y-1 pl-5">
        {copy.calls.map((call) => (
          <li key={call.title}>
            <strong>{call.title}:</strong> {call.text}
          </li>
        ))}
      </ol>
    </section>
  );
}
