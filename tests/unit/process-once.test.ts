/*
 * The dev server evaluates a module again after an edit (to it, or to a content file it
 * imports): what the server holds for the whole process must survive that, or a second runtime
 * boots on the DATA_DIR this same process has locked, and the dev server exits.
 */
import { describe, expect, it } from 'vitest';

type Module = typeof import('../../src/server/process-once');

// Two evaluations of the same file, as Vite's module runner makes after an invalidation.
const evaluate = (copy: string): Promise<Module> =>
  import(/* @vite-ignore */ `../../src/server/process-once.ts?copy=${copy}`) as Promise<Module>;

describe('once per process', () => {
  it('a module evaluated again finds the value its first copy made, and makes no second', async () => {
    const first = await evaluate(`a-${Date.now()}`);
    const second = await evaluate(`b-${Date.now()}`);
    expect(second).not.toBe(first);
    const name = `test-${Date.now()}`;
    let made = 0;
    const make = () => ({ booted: ++made });
    const value = first.oncePerProcess(name, make);
    expect(second.oncePerProcess(name, make)).toBe(value);
    expect(made).toBe(1);
  });

  it('keeps different names apart', async () => {
    const { oncePerProcess } = await evaluate(`c-${Date.now()}`);
    expect(oncePerProcess(`one-${Date.now()}`, () => 1)).toBe(1);
    expect(oncePerProcess(`two-${Date.now()}`, () => 2)).toBe(2);
  });
});
