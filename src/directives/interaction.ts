import type { ClientDirective } from 'astro';

/*
 * Content pages must not pay for React until a visitor actually touches an island,
 * so this directive waits for the first intent signal on the island's own DOM.
 *
 * `mouseover` is deliberately absent: headless Chromium fires one on load, and a
 * hover is not intent anyway. Input that arrives before React has hydrated is held
 * back (the server-rendered markup has no handlers yet) and replayed afterwards:
 * - the click, on the nearest HTML element (a click on a button's SVG icon targets
 *   the <svg>, which has no click() of its own);
 * - arrow, Home and End keys outside text fields, so a keyboard user who focuses a
 *   tab or radio group and presses an arrow at once is not ignored. They are held
 *   (default prevented) so the browser does not, say, move a native radio's
 *   selection behind React's back.
 * Clicks on lead-dialog triggers pass straight through: a document-level script
 * owns those and works without React.
 * If loading fails (offline), the island stays asleep and the next interaction
 * tries again instead of swallowing clicks forever.
 */
const WAKE_EVENTS = ['pointerdown', 'touchstart', 'focusin', 'keydown', 'click'] as const;
const REPLAYED_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End']);

type HeldInput = { kind: 'click'; target: HTMLElement } | { kind: 'key'; target: Element; init: KeyboardEventInit };

const isEditable = (el: Element) =>
  el.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]');

function nearestHTMLElement(el: Element): HTMLElement | undefined {
  for (let node: Element | null = el; node; node = node.parentElement) {
    if (node instanceof HTMLElement) return node;
  }
  return undefined;
}

const interactionDirective: ClientDirective = (load, _options, el) => {
  let hydrating: Promise<void> | undefined;
  let held: HeldInput[] = [];

  const stopListening = () => {
    for (const type of WAKE_EVENTS) el.removeEventListener(type, onWake, true);
  };

  const replay = () => {
    const inputs = held;
    held = [];
    for (const input of inputs) {
      if (input.kind === 'click') {
        if (input.target.isConnected) input.target.click();
        continue;
      }
      // Keys go where focus is now: an earlier replayed arrow may have moved it.
      const focused = document.activeElement;
      const keyTarget = focused && el.contains(focused) ? focused : input.target;
      if (keyTarget.isConnected) keyTarget.dispatchEvent(new KeyboardEvent('keydown', input.init));
    }
  };

  const hydrate = () => {
    hydrating ??= (async () => {
      try {
        const run = await load();
        await run();
      } catch (error) {
        hydrating = undefined;
        held = [];
        throw error;
      }
      stopListening();
      // Let React commit the hydrated tree before the held input is replayed.
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      replay();
    })();
    return hydrating;
  };

  function onWake(event: Event) {
    const target = event.target instanceof Element ? event.target : undefined;
    if (target?.closest('[data-lead-trigger]')) return;
    if (target && event.type === 'click') {
      const clicked = nearestHTMLElement(target);
      if (clicked) {
        event.preventDefault();
        event.stopPropagation();
        // Only the last click counts: a double click before hydration is one intent.
        held = held.filter((input) => input.kind !== 'click');
        held.push({ kind: 'click', target: clicked });
      }
    } else if (target && event instanceof KeyboardEvent && REPLAYED_KEYS.has(event.key) && !isEditable(target)) {
      event.preventDefault();
      event.stopPropagation();
      const { key, code, shiftKey, ctrlKey, altKey, metaKey } = event;
      held.push({
        kind: 'key',
        target,
        init: { key, code, shiftKey, ctrlKey, altKey, metaKey, bubbles: true, cancelable: true },
      });
    }
    hydrate().catch((error: unknown) => console.error('[client:interaction] hydration failed', error));
  }

  for (const type of WAKE_EVENTS) el.addEventListener(type, onWake, { capture: true, passive: false });
};

export default interactionDirective;
