/**
 * Waiting on a list that fills up while a test runs (captured e-mails, webhook calls):
 * `waitFor` resolves with the first item, already there or still to come, that matches.
 * Whoever pushes to the list calls `notify()` afterwards.
 */
export function arrivals<T>(items: readonly T[], noun: string) {
  const waiters = new Set<() => void>();
  return {
    waitFor: (predicate: (item: T) => boolean = () => true, timeoutMs = 15_000) =>
      new Promise<T>((resolve, reject) => {
        const check = () => {
          const found = items.find(predicate);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching ${noun} within ${timeoutMs} ms (got ${items.length})`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      }),
    notify: () => {
      for (const waiter of [...waiters]) waiter();
    },
  };
}
