/*
 * How many CSV exports run at once. An export reads every lead of a view and writes it out
 * as fast as the database gives it (Astro's Node adapter does not wait for a slow download),
 * so four exports of 100,000 rows at once held the database and the event loop long enough
 * for the liveness probe to take 21 s. One export per person and two in all, in this
 * process: the rest are answered 429 with Retry-After and a pt-BR message, at once.
 *
 * A slot is held from the request until the file is written out or the download is
 * cancelled; a slot nobody released (a response whose body was never read nor cancelled)
 * frees itself after EXPORT_SLOT_MAX_MS, so a leak cannot close exports for good.
 */
import { leadsListCopy } from '~/messages/inbox/leads-list';

export interface ExportLimits {
  /** Exports one person may run at once. */
  perUser: number;
  /** Exports the process runs at once. */
  total: number;
}

export const EXPORT_LIMITS: ExportLimits = { perUser: 1, total: 2 };
/** What a refused export is told to wait: a 100,000-row export takes about this long. */
export const EXPORT_RETRY_AFTER_SECONDS = 15;
/** The longest a slot is held without being released. */
export const EXPORT_SLOT_MAX_MS = 10 * 60 * 1000;

export type ExportSlot =
  | { granted: true; release: () => void }
  | { granted: false; reason: 'yours' | 'busy'; message: string; retryAfterSeconds: number };

export interface ExportSlots {
  /** A slot for `userId`'s export, or why there is none. */
  acquire(userId: string): ExportSlot;
  /** Exports running now. */
  inUse(): number;
}

export function createExportSlots(limits: ExportLimits = EXPORT_LIMITS): ExportSlots {
  const byUser = new Map<string, number>();
  let total = 0;
  const refused = (reason: 'yours' | 'busy'): ExportSlot => ({
    granted: false,
    reason,
    message: reason === 'yours' ? leadsListCopy.exportarEmAndamento : leadsListCopy.exportarOcupado,
    retryAfterSeconds: EXPORT_RETRY_AFTER_SECONDS,
  });
  return {
    acquire(userId) {
      const mine = byUser.get(userId) ?? 0;
      if (mine >= limits.perUser) return refused('yours');
      if (total >= limits.total) return refused('busy');
      byUser.set(userId, mine + 1);
      total++;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        clearTimeout(expiry);
        total--;
        const left = (byUser.get(userId) ?? 1) - 1;
        if (left > 0) byUser.set(userId, left);
        else byUser.delete(userId);
      };
      const expiry = setTimeout(release, EXPORT_SLOT_MAX_MS);
      expiry.unref();
      return { granted: true, release };
    },
    inUse: () => total,
  };
}

/**
 * `stream`, calling `release` once it has been read to the end, failed, or been cancelled
 * (the download went away: Astro's Node adapter cancels the body when the socket closes).
 */
export function releasedWhenDone(stream: ReadableStream<Uint8Array>, release: () => void): ReadableStream<Uint8Array> {
  const reader = stream.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          release();
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        release();
        controller.error(error);
      }
    },
    async cancel(reason) {
      release();
      await reader.cancel(reason);
    },
  });
}
