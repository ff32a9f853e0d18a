/*
 * Tabs for every island (WAI-ARIA tabs pattern, automatic activation): the arrow keys move
 * to the neighbouring tab and wrap, Home and End jump to the ends, and selecting follows
 * focus, since every panel is already in the page. Only the active tab is in the tab order
 * (roving tabindex), so Tab goes from the list straight into the open panel.
 *
 * Every panel is rendered, the inactive ones `hidden`: the server's HTML already holds the
 * first panel complete, hydration changes nothing on screen, and the other panels' text is
 * in the document. Each island keeps its own look through the class props; the behaviour
 * and the ARIA wiring live here once. No dependency beyond React, so the public pages'
 * tabs stay small.
 */
import { useId, useRef, useState, type ReactNode } from 'react';
import { nextRovingIndex } from '~/lib/roving-focus';

export interface TabItem {
  /** Stable and unique within the list: it names the tab's and the panel's ids. */
  id: string;
  label: ReactNode;
}

export interface TabsProps<T extends TabItem> {
  items: readonly T[];
  /** The list's accessible name: its text, or the id of a heading that names it. */
  label?: string | undefined;
  labelledBy?: string | undefined;
  /** Controlled: the selected tab's id (with `onSelect`). Otherwise the first tab starts selected. */
  selected?: string | undefined;
  onSelect?: ((id: string) => void) | undefined;
  listClassName: string;
  tabClassName: (selected: boolean, item: T) => string;
  panelClassName: string | ((item: T) => string);
  /**
   * Whether a panel itself takes focus (tabindex 0), as the pattern asks when a panel's
   * content has nothing focusable. Panels holding a form leave it to their fields.
   */
  focusablePanels?: boolean | undefined;
  /** A panel's content. */
  children: (item: T) => ReactNode;
}

export function Tabs<T extends TabItem>({
  items,
  label,
  labelledBy,
  selected,
  onSelect,
  listClassName,
  tabClassName,
  panelClassName,
  focusablePanels = true,
  children,
}: TabsProps<T>) {
  const base = useId();
  const [own, setOwn] = useState(items[0]?.id);
  const active = selected ?? own;
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const tabId = (item: T) => `${base}-tab-${item.id}`;
  const panelId = (item: T) => `${base}-painel-${item.id}`;

  const select = (item: T) => {
    setOwn(item.id);
    onSelect?.(item.id);
  };

  return (
    <>
      <div
        role="tablist"
        aria-label={label}
        aria-labelledby={labelledBy}
        aria-orientation="horizontal"
        className={listClassName}
      >
        {items.map((item, index) => {
          const isSelected = item.id === active;
          return (
            <button
              key={item.id}
              ref={(node) => {
                tabRefs.current[index] = node;
              }}
              type="button"
              role="tab"
              id={tabId(item)}
              aria-selected={isSelected}
              aria-controls={panelId(item)}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => select(item)}
              onKeyDown={(event) => {
                const next = nextRovingIndex(event.key, index, items.length, 'horizontal');
                if (next === undefined) return;
                event.preventDefault();
                select(items[next]!);
                tabRefs.current[next]?.focus();
              }}
              className={tabClassName(isSelected, item)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.id}
          role="tabpanel"
          id={panelId(item)}
          aria-labelledby={tabId(item)}
          hidden={item.id !== active}
          tabIndex={focusablePanels ? 0 : undefined}
          className={typeof panelClassName === 'string' ? panelClassName : panelClassName(item)}
        >
          {children(item)}
        </div>
      ))}
    </>
  );
}
