/*
 * The banner's behaviour (markup in CookieConsent.astro), and the preferences dialog's, which
 * it fetches as a fragment (CookiePreferences.astro) and adds to the page. Kept to plain DOM
 * calls: it runs on every page, inside the 15 KB budget, added after the first paint.
 *
 * A choice is written to the first-party cookie (src/lib/cookie-consent.ts), sent to the
 * server as proof (POST /api/consentimento-cookies, fire-and-forget: the cookie is what the
 * site obeys) and announced as CONSENT_EVENT for the tag loader.
 */
import { COOKIE_CATEGORIES, cookieBannerCopy, cookieConsentPolicy, cookiePreferencesCopy } from '~/copy/cookie-consent';
import {
  allChoices,
  ASK_ATTRIBUTE,
  CONSENT_EVENT,
  consentCookie,
  newVisitorId,
  readConsent,
  type CookieChoices,
  type CookieConsent,
} from '~/lib/cookie-consent';

/** Where the server keeps the record of each choice (src/pages/api/consentimento-cookies.ts). */
export const CONSENT_RECORD_ENDPOINT = '/api/consentimento-cookies';
/** The preferences dialog's markup (src/pages/fragmentos/preferencias-de-cookies.astro). */
export const PREFERENCES_FRAGMENT = '/fragmentos/preferencias-de-cookies';

/** Fetches the dialog's markup and adds it to the page; null when it did not come. */
async function addPreferencesDialog(): Promise<HTMLDialogElement | null> {
  const response = await fetch(PREFERENCES_FRAGMENT, { credentials: 'same-origin' });
  if (!response.ok) return null;
  const template = document.createElement('template');
  // Our own prerendered markup, same origin, no scripts in it.
  template.innerHTML = await response.text();
  const dialog = template.content.querySelector('dialog');
  if (!dialog) return null;
  document.body.append(dialog);
  return dialog;
}

export function initCookieConsent(): void {
  const root = document.documentElement;
  const banner = document.getElementById('cookie-banner');
  const status = document.querySelector<HTMLElement>('[data-cookie-status]');
  if (!banner) return;

  /** What had focus before the dialog opened, to return to. */
  let opener: HTMLElement | null = null;

  const bannerShown = () => root.hasAttribute(ASK_ATTRIBUTE);

  /** Focus somewhere sensible when the focused control disappears with the banner. */
  const focusAfterBanner = () => {
    const main = document.getElementById('conteudo');
    (main ?? document.body).focus({ preventScroll: true });
  };

  const save = (choices: CookieChoices) => {
    const previous = readConsent(document.cookie);
    const consent: CookieConsent = {
      version: cookieConsentPolicy.version,
      // The same anonymous id while a choice is valid, so the server's records of one browser link up.
      id: previous?.id ?? newVisitorId(),
      at: Date.now(),
      choices,
    };
    document.cookie = consentCookie(consent, { secure: location.protocol === 'https:' });
    // keepalive: withdrawing consent reloads the page right after this.
    fetch(CONSENT_RECORD_ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: consent.id, version: consent.version, ...choices }),
      keepalive: true,
    }).catch(() => undefined);
    const hadFocus = banner.contains(document.activeElement);
    root.removeAttribute(ASK_ATTRIBUTE);
    if (hadFocus) focusAfterBanner();
    if (status) {
      // Emptied first, so a second save in the same page is announced again.
      status.textContent = '';
      requestAnimationFrame(() => (status.textContent = cookiePreferencesCopy.saved));
    }
    document.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: consent }));
  };

  /** The dialog, fetched once and wired up. */
  let dialogReady: Promise<HTMLDialogElement | null> | null = null;
  const preferencesDialog = () =>
    (dialogReady ??= addPreferencesDialog()
      .then((dialog) => {
        if (dialog) wireDialog(dialog);
        return dialog;
      })
      .catch(() => null));

  const openPreferences = async (from: HTMLElement | null) => {
    const dialog = await preferencesDialog();
    if (!dialog) {
      // Offline or the fragment failed: the policy page is where the choice is explained.
      location.assign(from instanceof HTMLAnchorElement ? from.href : cookieBannerCopy.policyHref);
      return;
    }
    const form = dialog.querySelector<HTMLFormElement>('[data-cookie-form]')!;
    opener = from;
    const current = readConsent(document.cookie);
    for (const category of COOKIE_CATEGORIES) {
      const box = form.elements.namedItem(category);
      // Nothing pre-ticked: a category is on only when this visitor turned it on.
      if (box instanceof HTMLInputElement) box.checked = current?.choices[category] ?? false;
    }
    dialog.showModal();
  };

  banner.addEventListener('click', (event) => {
    const button = (event.target as HTMLElement).closest<HTMLElement>('[data-cookie-action]');
    const action = button?.dataset['cookieAction'];
    if (action === 'accept') save(allChoices(true));
    else if (action === 'reject') save(allChoices(false));
    else if (action === 'customize') void openPreferences(button ?? null);
  });

  // Esc on the banner puts it away for this page only: nothing is stored, nothing optional runs.
  banner.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    root.removeAttribute(ASK_ATTRIBUTE);
    focusAfterBanner();
  });

  // The footer's "Preferências de cookies" (a link to the policy when JavaScript is off).
  document.addEventListener('click', (event) => {
    const trigger = (event.target as HTMLElement).closest<HTMLElement>('[data-cookie-preferences]');
    if (!trigger || event.defaultPrevented) return;
    event.preventDefault();
    void openPreferences(trigger);
  });

  const wireDialog = (dialog: HTMLDialogElement) => {
    const form = dialog.querySelector<HTMLFormElement>('[data-cookie-form]');
    if (!form) return;
    banner.querySelector('[data-cookie-action="customize"]')?.setAttribute('aria-controls', dialog.id);
    form.addEventListener('submit', (event) => {
      const action = (event.submitter as HTMLButtonElement | null)?.value;
      if (action === 'accept') save(allChoices(true));
      else if (action === 'reject') save(allChoices(false));
      else if (action === 'save') {
        const choices = allChoices(false);
        for (const category of COOKIE_CATEGORIES) {
          const box = form.elements.namedItem(category);
          choices[category] = box instanceof HTMLInputElement && box.checked;
        }
        save(choices);
      }
      // method="dialog" closes the dialog itself ("close" included).
    });

    // A click on the backdrop lands on the <dialog> element itself.
    dialog.addEventListener('click', (event) => {
      if (event.target === dialog) dialog.close();
    });

    dialog.addEventListener('close', () => {
      // Back to whatever opened it while it is still there (the banner's button may be gone).
      if (opener?.isConnected && opener.offsetParent !== null) opener.focus();
      else if (!bannerShown()) focusAfterBanner();
      opener = null;
    });
  };

  // Fetched ahead only when the banner asks (its "Personalizar" is in view); otherwise when a
  // pointer or the keyboard reaches "Preferências de cookies", or at the click.
  if (bannerShown()) void preferencesDialog();
  for (const type of ['pointerdown', 'focusin'] as const) {
    document.addEventListener(
      type,
      (event) => {
        if ((event.target as Element | null)?.closest?.('[data-cookie-preferences]')) void preferencesDialog();
      },
      { capture: true, passive: true },
    );
  }
}
