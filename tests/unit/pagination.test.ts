import { describe, expect, it } from 'vitest';
import { pageWindow } from '~/lib/pagination';

describe('pageWindow', () => {
  it('lists every page of a short list', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps the ends and the neighbours of a long list, one gap per skipped run', () => {
    expect(pageWindow(7, 20)).toEqual([1, null, 5, 6, 7, 8, 9, null, 20]);
    expect(pageWindow(1, 2000)).toEqual([1, 2, 3, null, 2000]);
    expect(pageWindow(2000, 2000)).toEqual([1, null, 1998, 1999, 2000]);
  });
});
