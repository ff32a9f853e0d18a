/**
 * Keyboard movement shared by the tabs and radio groups of our islands (WAI-ARIA
 * Authoring Practices: arrows move to the neighbour and wrap, Home/End jump to the
 * ends). Kept free of React so the islands only wire it to their state.
 */

/** The keys that move a roving focus; anything else is left to the browser. */
export type RovingKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown' | 'Home' | 'End';

export type RovingOrientation = 'horizontal' | 'vertical' | 'both';

/**
 * The index a key moves to in a group of `count` items, or `undefined` when the
 * key does not move focus in that orientation (so the caller lets it through).
 * @example nextRovingIndex('ArrowRight', 6, 7) // 0 (wraps to the first)
 * @example nextRovingIndex('End', 0, 7) // 6
 * @example nextRovingIndex('ArrowDown', 0, 7, 'horizontal') // undefined
 */
export function nextRovingIndex(
  key: string,
  current: number,
  count: number,
  orientation: RovingOrientation = 'both',
): number | undefined {
  if (count <= 0) return undefined;
  const forward =
    orientation === 'vertical'
      ? ['ArrowDown']
      : orientation === 'horizontal'
        ? ['ArrowRight']
        : ['ArrowRight', 'ArrowDown'];
  const backward =
    orientation === 'vertical' ? ['ArrowUp'] : orientation === 'horizontal' ? ['ArrowLeft'] : ['ArrowLeft', 'ArrowUp'];
  if (forward.includes(key)) return (current + 1) % count;
  if (backward.includes(key)) return (current - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}
