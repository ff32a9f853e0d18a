/*
 * What the lead form sends besides the visitor's fields: the honeypot, the LGPD notice's
 * version, the marketing box's version (and the box, only when ticked), the page address, the utm_* of the URL (with a partner page's defaults, body
 * data-utm-defaults, where the URL has none), the CTA that opened the form and the
 * submission key. Built from the validated values, not the DOM: the fieldset is disabled
 * while sending, and disabled controls are left out of a form's FormData.
 */
import { consentNotice, marketingNotice } from '~/copy/messages/lead';
import { ATTRIBUTION_ATTRIBUTE, parseAttribution, resolveUtm } from '~/lib/partner';
import { HONEYPOT_FIELD, type LeadFormValues } from '~/lib/validation/lead';

export function leadFormData(
  values: LeadFormValues,
  form: HTMLFormElement,
  { source, submissionKey }: { source: string; submissionKey: string },
): FormData {
  const attribution = parseAttribution(document.body.getAttribute(ATTRIBUTION_ATTRIBUTE));
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) if (typeof value === 'string') data.set(key, value);
  const honeypot = form.elements.namedItem(HONEYPOT_FIELD);
  if (honeypot instanceof HTMLInputElement) data.set(HONEYPOT_FIELD, honeypot.value);
  data.set('consent_version', consentNotice.version);
  data.set('marketing_version', marketingNotice.version);
  if (values.marketing_opt_in === true) data.set('marketing_opt_in', 'true');
  data.set('pagina_origem', window.location.href);
  for (const [key, value] of Object.entries(resolveUtm(window.location.search, attribution))) data.set(key, value);
  data.set('partner_slug', attribution?.partner_slug ?? '');
  data.set('cta_source', source);
  data.set('submission_key', submissionKey);
  return data;
}
