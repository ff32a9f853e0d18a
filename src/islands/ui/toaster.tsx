/*
 * The one toaster of the page, loaded by ./toasts.ts with the first toast. It is rendered
 * into its own React root in a manual popover on <body>: the popover puts it in the top
 * layer, and showing it again before each toast puts it above a modal dialog opened since
 * (the lead dialog), where it would otherwise sit underneath, or vanish with the dialog.
 */
import { createRoot } from 'react-dom/client';
import { Toaster, toast } from 'sonner';

/** `message` is a neutral toast, the others are coloured. */
export type ToastKind = 'error' | 'success' | 'message';

let host: HTMLElement | undefined;

/**
 * The toaster's popover, rendered once (again if the page's body was replaced). Mounted ahead
 * of the first toast when the toasts are preloaded, so that toast shows at once.
 */
export function toasterHost(): HTMLElement {
  if (host?.isConnected) return host;
  host = document.createElement('div');
  host.setAttribute('popover', 'manual');
  host.className = 'm-0 size-0 overflow-visible border-0 bg-transparent p-0';
  document.body.append(host);
  createRoot(host).render(<Toaster position="top-center" richColors closeButton containerAriaLabel="Notificações" />);
  return host;
}

export function showToast(kind: ToastKind, title: string, description?: string): void {
  const popover = toasterHost();
  if (typeof popover.showPopover === 'function') {
    if (popover.matches(':popover-open')) popover.hidePopover();
    popover.showPopover();
  }
  const options = description === undefined ? {} : { description };
  if (kind === 'message') toast(title, options);
  else toast[kind](title, options);
}
