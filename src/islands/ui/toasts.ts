/*
 * The islands' toasts, one set-up for all of them. `notify` is all an island calls: the
 * toast library (sonner) and its toaster load with the first toast, or ahead of it with
 * `preloadToasts` (call it when the visitor starts on a form, so a toast still shows when the
 * connection drops later). Nothing is shown before the visitor does something, so public
 * pages do not pay for the library up front.
 *
 * The toaster lives outside every island, in a popover at the end of <body> (./toaster.tsx):
 * islands that mount, unmount or switch views keep their toasts, two islands on one page
 * share one toaster, and a toast raised from inside a modal dialog shows above it.
 */

import type { ToastKind } from './toaster';

export type { ToastKind };

let loading: Promise<typeof import('./toaster')> | undefined;

function loadToaster() {
  loading ??= import('./toaster').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * `notify`, resolving once the toast is up (or could not be: offline before the library
 * came, the form itself stays usable), e.g. to time a redirect from then. Never rejects.
 */
export function toastShown(kind: ToastKind, title: string, description?: string): Promise<void> {
  return loadToaster()
    .then(({ showToast }) => showToast(kind, title, description))
    .catch(() => undefined);
}

/** Shows a toast: `message` is a neutral one, the others are coloured; `description` goes under the title. */
export function notify(kind: ToastKind, title: string, description?: string): void {
  void toastShown(kind, title, description);
}

/** Loads the toasts and sets the toaster up ahead of the first toast. */
export function preloadToasts(): void {
  loadToaster()
    .then(({ toasterHost }) => void toasterHost())
    .catch(() => undefined);
}
