/*
 * A value made once per process, even when the module asking for it is evaluated again: the
 * dev server re-runs a module after an edit to it or to anything it imports (a content file
 * included), and a module-level `let` then starts empty. For the runtime that meant booting a
 * second one, which found DATA_DIR locked by this very process and stopped the dev server
 * ("already in use by another server", naming its own PID). The value lives on globalThis
 * under a registry symbol, which every copy of the module shares. A built server evaluates
 * each module once; there this is an ordinary constant.
 */
export function oncePerProcess<T>(name: string, make: () => T): T {
  const slot = Symbol.for(`pilota:${name}`);
  const holder = globalThis as unknown as Record<symbol, T | undefined>;
  return (holder[slot] ??= make());
}
