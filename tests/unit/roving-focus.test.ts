import { describe, expect, it } from 'vitest';
import { nextRovingIndex } from '../../src/lib/roving-focus';

describe('nextRovingIndex', () => {
  it.each([
    // key, current, count, orientation, expected
    ['ArrowRight', 0, 7, 'horizontal', 1],
    ['ArrowRight', 6, 7, 'horizontal', 0],
    ['ArrowLeft', 0, 7, 'horizontal', 6],
    ['ArrowLeft', 3, 7, 'horizontal', 2],
    ['Home', 5, 7, 'horizontal', 0],
    ['End', 0, 7, 'horizontal', 6],
    ['ArrowDown', 0, 7, 'horizontal', undefined],
    ['ArrowUp', 0, 7, 'horizontal', undefined],
    ['ArrowDown', 0, 2, 'vertical', 1],
    ['ArrowUp', 0, 2, 'vertical', 1],
    ['ArrowRight', 0, 2, 'vertical', undefined],
    ['ArrowDown', 1, 2, 'both', 0],
    ['ArrowLeft', 1, 2, 'both', 0],
    ['Enter', 0, 2, 'both', undefined],
    ['Tab', 0, 2, 'both', undefined],
  ] as const)('%s from %i of %i (%s) → %s', (key, current, count, orientation, expected) => {
    expect(nextRovingIndex(key, current, count, orientation)).toBe(expected);
  });

  it('does nothing in an empty group', () => {
    expect(nextRovingIndex('ArrowRight', 0, 0)).toBeUndefined();
  });
});
