/*
 * Group commit. Every lead is written in a transaction together with its deliveries,
 * but leads arriving while a transaction is in flight share the next one: on the
 * embedded database each commit waits for an fsync and there is a single connection,
 * so one transaction per lead would cap the site at one fsync per lead (~150/s here).
 * A visitor is answered only after the commit that holds their lead. If a shared
 * transaction fails, each of its leads is retried on its own, so one bad row never
 * fails the others.
 *
 * One writer per lead service (src/server/leads/lead.service.ts), so its buffer belongs
 * to one database and one set of settings: whatever waits in it can share a transaction.
 */
import { databaseErrorKind } from '../db/errors';

const MAX_GROUP = 200;
/** How long the first item of a group waits for others (also lets the event loop take in more requests). */
const GROUP_WINDOW_MS = 2;

interface Pending<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

export class GroupCommitWriter<T, R> {
  readonly #pending: Pending<T, R>[] = [];
  #writing = false;
  readonly #write: (group: T[]) => Promise<R[]>;

  /** `write` stores a group in one transaction and returns one result per item, in order. */
  constructor(write: (group: T[]) => Promise<R[]>) {
    this.#write = write;
  }

  /** Resolves once the transaction holding `item` committed. */
  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.#pending.push({ item, resolve, reject });
      if (!this.#writing) {
        // A short window lets requests being handled right now join the same commit.
        this.#writing = true;
        setTimeout(() => void this.#writePending(), GROUP_WINDOW_MS);
      }
    });
  }

  async #writePending(): Promise<void> {
    this.#writing = true;
    try {
      while (this.#pending.length > 0) {
        const group = this.#pending.splice(0, MAX_GROUP);
        try {
          const results = await this.#write(group.map((entry) => entry.item));
          group.forEach((entry, index) => entry.resolve(results[index]!));
        } catch (error) {
          // Unreachable is unreachable for every item of the group: no point trying them one by one.
          if (group.length === 1 || databaseErrorKind(error) === 'unavailable') {
            for (const entry of group) entry.reject(error);
            continue;
          }
          for (const entry of group) {
            await this.#write([entry.item]).then(
              ([result]) => entry.resolve(result!),
              (single: unknown) => entry.reject(single),
            );
          }
        }
      }
    } finally {
      this.#writing = false;
    }
  }
}
