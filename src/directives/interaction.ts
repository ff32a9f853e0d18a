import type { ClientDirective } from 'astro';

/*
 * Content pages must not pay for React until a visitor actually touches an island,
 * so this directive waits for the first intent signal on the island's own DOM.
 *
 * `mouseover` is deliberately absent: headless Chromium fires one on load, and a
 * hover is not intent anyway. A click that arrives before React has hydrated is
 * held back (the server-rendered markup has no handlers yet) and replayed on the
 * same element afterwards, so the first tab or toggle press is never lost.
 * Clicks on lead-dialog triggers pass straight through: a document-level script
 * owns those and works without React.
 */
const WAKE_EVENTS = ['pointerdown', 'touchstart', 'focusin', 'keydown', 'click'] as const;

const interactionDirective: ClientDirective = (load, _options, el) => {
  let hydrating: Promise<void> | undefined;
  let pendingClick: HTMLElement | undefined;

  const hydrate = () => {
    hydrating ??= (async () => {
      const run = await load();
      await run();
      for (const type of WAKE_EVENTS) el.removeEventListener(type, onWake, true);
      // Let React commit the hydrated tree before the held click is replayed.
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      const target = pendingClick;
      pendingClick = undefined;
      if (target?.isConnected) target.click();
    })();
    return hydrating;
  };

  function onWake(event: Event) {
    const target = event.target instanceof HTMLElement ? event.target : undefined;
    if (target?.closest('[data-lead-trigger]')) return;
    if (event.type === 'click' && target) {
      event.preventDefault();
      event.stopPropagation();
      pendingClick = target;
    }
    void hydrate();
  }

  for (const type of WAKE_EVENTS) el.addEventListener(type, onWake, { capture: true, passive: false });
};

export default interactionDirective;
