/*
 * Cookieless visit counting (src/components/AnalyticsBeacon.astro explains what and why): posts
 * the page view, the lead dialog opened (which CTA), the form started, the lead sent and each
 * field error shown (its name only) to /api/visita. A file fetched after the load event rather
 * than an inline script: inline, its bytes pushed the longest pages' HTML past the first round
 * trip of a slow connection (Lighthouse's 14.6 KB window) and cost those pages 0.3 s of LCP.
 */
(() => {
  // LEAD_EVENT of src/lib/cookie-consent.ts (tests/unit/analytics-beacon.test.ts keeps them equal).
  const LEAD_EVENT = 'pilota:lead';
  const ENDPOINT = '/api/visita';
  const query = new URLSearchParams(location.search);
  // A partner page's attribution (body data-utm-defaults), as the lead form applies it.
  const defaults = JSON.parse(document.body.dataset['utmDefaults'] || '{}');
  const utm = (name) => (query.get(name) || defaults[name] || '').slice(0, 200);
  let referrer = '';
  try {
    const host = document.referrer ? new URL(document.referrer).host : '';
    if (host !== location.host) referrer = host;
  } catch {
    /* an unreadable referrer is none */
  }
  const width = innerWidth;
  const base = {
    p: location.pathname.slice(0, 300),
    r: referrer,
    s: utm('utm_source'),
    m: utm('utm_medium'),
    c: utm('utm_campaign'),
    pt: (defaults['partner_slug'] || '').slice(0, 80),
    d: width < 768 ? 'mobile' : width < 1024 ? 'tablet' : 'desktop',
  };
  let cta = '';
  let started = false;
  let errors = 0;

  const send = (k, extra = {}) => {
    const body = JSON.stringify({ ...base, k, cta, ...extra });
    if (!navigator.sendBeacon?.(ENDPOINT, body)) {
      fetch(ENDPOINT, { method: 'POST', body, keepalive: true, credentials: 'omit' }).catch(() => undefined);
    }
  };

  send('view');
  document.addEventListener('click', (event) => {
    const trigger = event.target.closest?.('[data-lead-trigger]');
    if (!trigger) return;
    cta = (trigger.dataset['leadTrigger'] || '').slice(0, 80);
    send('open');
  });
  document.addEventListener('focusin', (event) => {
    const target = event.target;
    if (started || !target.matches?.('input, select, textarea') || !target.closest('.lead-form')) return;
    started = true;
    send('start');
  });
  document.addEventListener(LEAD_EVENT, (event) => {
    const source = event.detail?.source;
    if (source) cta = source.slice(0, 80);
    send('sent');
    started = false;
  });
  // A field's error is shown when the form marks it aria-invalid; only its name is sent.
  new MutationObserver((changes) => {
    for (const { target } of changes) {
      if (errors < 20 && target.getAttribute('aria-invalid') === 'true' && target.closest('.lead-form')) {
        errors += 1;
        send('error', { f: (target.name || '').slice(0, 40) });
      }
    }
  }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['aria-invalid'] });
})();
