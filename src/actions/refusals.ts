/*
 * A service answers a change it will not make with a refusal ({ status: 'not_found' } and kin)
 * rather than an exception, so scripts and tests read it as data. An admin action turns it into
 * the pt-BR ActionError its form shows; the HTTP code follows the kind of refusal.
 */
import { ActionError } from 'astro:actions';

const CODES = {
  not_found: 'NOT_FOUND',
  stale: 'CONFLICT',
  not_salesperson: 'BAD_REQUEST',
  out_of_range: 'BAD_REQUEST',
  unknown_reason: 'BAD_REQUEST',
} as const;

type Refusal = keyof typeof CODES;
type RefusalOf<R, K extends Refusal> = Extract<R, { status: K }>;

/** The message for each refusal the service can give; a refusal left out is not expected. */
type RefusalMessages<R> = {
  [K in Refusal as RefusalOf<R, K> extends never ? never : K]: (refusal: RefusalOf<R, K>) => string;
};

/**
 * Throws the ActionError of a refusal; any other result passes through, narrowed.
 * @example refuseWith(result, { not_found: () => m.contatoInexistente, stale: (r) => m.desatualizado(r.current) })
 */
export function refuseWith<R extends { status: string }>(
  result: R,
  messages: RefusalMessages<R>,
): asserts result is Exclude<R, { status: Refusal }> {
  const status = result.status as Refusal;
  if (!(status in CODES)) return;
  const message = (messages as Record<Refusal, ((refusal: R) => string) | undefined>)[status];
  if (!message) return;
  throw new ActionError({ code: CODES[status], message: message(result) });
}
