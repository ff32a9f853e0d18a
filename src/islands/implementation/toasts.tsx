/*
 * The form's toasts (sonner), loaded with the first one: nothing is shown before the
 * visitor does something, so the library waits until then. `<LazyToaster />` renders the
 * toaster once a toast is asked for; sonner replays toasts created before it subscribed.
 */
import { Suspense, lazy, useEffect, useState } from 'react';

const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

let showToaster: (() => void) | undefined;
let wanted = false;

type Kind = 'error' | 'success' | 'message';

/** Shows a toast: `message` is a plain one (title only), the others carry a description. */
export function notify(kind: Kind, title: string, description?: string): void {
  wanted = true;
  showToaster?.();
  import('sonner')
    .then(({ toast }) => {
      if (kind === 'message') toast(title);
      else toast[kind](title, description === undefined ? {} : { description });
    })
    // Offline before the library came: the form itself stays usable.
    .catch(() => undefined);
}

/** Starts loading the toasts ahead of the first one (e.g. when the visitor starts on the form). */
export const preloadToasts = () => void import('sonner').catch(() => undefined);

export function LazyToaster() {
  const [on, setOn] = useState(wanted);
  useEffect(() => {
    showToaster = () => setOn(true);
    return () => {
      showToaster = undefined;
    };
  }, []);
  return on ? (
    <Suspense fallback={null}>
      <Toaster position="top-center" richColors closeButton containerAriaLabel="Notificações" />
    </Suspense>
  ) : null;
}
