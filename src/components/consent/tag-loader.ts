/*
 * Loads the configured marketing/analytics tags, each only once its cookie category has
 * consent, and sends them the lead conversion. Only in pages built with a tag configured
 * (TagLoader.astro); settings from <script id="pilota-tags"> (src/lib/tag-config.ts).
 *
 * - Google Analytics 4 (analytics): Google Consent Mode v2 defaults are set to 'denied'
 *   before gtag.js is requested, then updated from the visitor's choice; Google signals off.
 * - Meta Pixel (marketing): automatic configuration off, so the pixel does not collect
 *   form fields or button texts on its own.
 * - A lead the server accepted (LEAD_EVENT from the lead form) becomes GA4 `generate_lead`
 *   and Meta `Lead`, carrying only the lead type and the button's source.
 * - Withdrawing a category whose tag is running: the tag is told (Consent Mode 'denied',
 *   ga-disable, fbq consent revoke), its cookies are deleted and the page reloads, so its
 *   script is gone and nothing more is sent.
 */
import {
  CONSENT_EVENT,
  LEAD_EVENT,
  readConsent,
  type CookieChoices,
  type CookieConsent,
  type LeadConversion,
} from '~/lib/cookie-consent';
import type { TagConfig } from '~/lib/tag-config';

type Command = (...args: unknown[]) => void;
interface Fbq extends Command {
  callMethod?: Command;
  queue: unknown[];
  push: Fbq;
  loaded: boolean;
  version: string;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Command;
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

/** First-party cookies the vendors set on our domain, deleted when their consent is withdrawn. */
const VENDOR_COOKIES = { analytics: /^(_ga|_gid|_gat)/, marketing: /^(_fbp|_fbc)$/ } as const;

const granted = (on: boolean) => (on ? 'granted' : 'denied');

/** Consent Mode v2 signals for a choice. */
function consentSignals(choices: CookieChoices) {
  return {
    analytics_storage: granted(choices.analytics),
    ad_storage: granted(choices.marketing),
    ad_user_data: granted(choices.marketing),
    ad_personalization: granted(choices.marketing),
    functionality_storage: granted(choices.functionality),
    personalization_storage: granted(choices.functionality),
    security_storage: 'granted',
  };
}

function addScript(src: string) {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.append(script);
}

function loadGa4(tag: NonNullable<TagConfig['ga4']>, choices: CookieChoices) {
  const dataLayer = (window.dataLayer ??= []);
  window.gtag = function gtag() {
    // gtag.js reads Arguments objects from the data layer, not arrays.
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  };
  // Denied first, before the tag exists: it must never start with more than was granted.
  window.gtag('consent', 'default', consentSignals({ analytics: false, functionality: false, marketing: false }));
  window.gtag('consent', 'update', consentSignals(choices));
  window.gtag('js', new Date());
  window.gtag('config', tag.id, { allow_google_signals: false });
  addScript(`${tag.src}?id=${encodeURIComponent(tag.id)}`);
}

function loadMeta(tag: NonNullable<TagConfig['meta']>) {
  // Meta's own bootstrap, unrolled: calls queue up until fbevents.js takes over (callMethod).
  const fbq = ((...args: unknown[]) => {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue.push(args);
  }) as Fbq;
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = '2.0';
  fbq.queue = [];
  window.fbq = window._fbq = fbq;
  fbq('set', 'autoConfig', false, tag.id);
  fbq('init', tag.id);
  fbq('track', 'PageView');
  addScript(tag.src);
}

/** Deletes the vendor's cookies on this host and each parent domain (GA sets them on the widest). */
function deleteCookies(pattern: RegExp) {
  const labels = location.hostname.split('.');
  const domains = ['', ...labels.map((_, index) => labels.slice(index).join('.')).filter((d) => d.includes('.'))];
  for (const pair of document.cookie.split(/;\s*/)) {
    const name = pair.split('=', 1)[0] ?? '';
    if (!pattern.test(name)) continue;
    for (const domain of domains) {
      document.cookie = `${name}=; Path=/; Max-Age=0${domain ? `; Domain=${domain}` : ''}`;
    }
  }
}

export function startTagLoader(): void {
  const settings = document.getElementById('pilota-tags')?.textContent;
  if (!settings) return;
  const config = JSON.parse(settings) as TagConfig;
  const running = { analytics: false, marketing: false };

  const apply = (choices: CookieChoices) => {
    if (config.ga4 && choices.analytics && !running.analytics) {
      loadGa4(config.ga4, choices);
      running.analytics = true;
    } else if (running.analytics) {
      window.gtag?.('consent', 'update', consentSignals(choices));
    }
    if (config.meta && choices.marketing && !running.marketing) {
      loadMeta(config.meta);
      running.marketing = true;
    }
  };

  const withdraw = (choices: CookieChoices) => {
    if (running.analytics && !choices.analytics && config.ga4) {
      window.gtag?.('consent', 'update', consentSignals(choices));
      (window as unknown as Record<string, boolean>)[`ga-disable-${config.ga4.id}`] = true;
      deleteCookies(VENDOR_COOKIES.analytics);
    }
    if (running.marketing && !choices.marketing) {
      window.fbq?.('consent', 'revoke');
      deleteCookies(VENDOR_COOKIES.marketing);
    }
    location.reload();
  };

  const initial = readConsent(document.cookie);
  if (initial) apply(initial.choices);

  document.addEventListener(CONSENT_EVENT, (event) => {
    const { choices } = (event as CustomEvent<CookieConsent>).detail;
    const withdrawn = (running.analytics && !choices.analytics) || (running.marketing && !choices.marketing);
    if (withdrawn) withdraw(choices);
    else apply(choices);
  });

  document.addEventListener(LEAD_EVENT, (event) => {
    const { tipo, source } = (event as CustomEvent<LeadConversion>).detail;
    if (running.analytics) window.gtag?.('event', 'generate_lead', { lead_type: tipo, lead_source: source });
    if (running.marketing) window.fbq?.('track', 'Lead', { content_category: tipo });
  });
}
