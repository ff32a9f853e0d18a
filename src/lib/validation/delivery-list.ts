/**
 * The deliveries page's URL (src/pages/admin/entregas.astro): `situacao` narrows the list to
 * one open status (pending, retrying, failed), `pagina` is 1-based. A value that is neither
 * is refused (the page answers 400 in pt-BR and shows the default view), never guessed.
 */
import { z } from './zod';

const OPEN = ['pending', 'retrying', 'failed'] as const;
/** Far beyond any real backlog; keeps OFFSET bounded. */
const MAX_PAGE = 10_000;

export const deliveryListQuerySchema = z.object({
  situacao: z.enum(OPEN).optional(),
  pagina: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
});

export type DeliveryListQueryInput = z.output<typeof deliveryListQuerySchema>;

/** The query of `params`, or undefined when a value is not one the page knows. */
export function parseDeliveryListQuery(params: URLSearchParams): DeliveryListQueryInput | undefined {
  const raw = Object.fromEntries(
    ['situacao', 'pagina'].flatMap((key) => {
      const value = params.get(key);
      return value === null || value === '' ? [] : [[key, value]];
    }),
  );
  const parsed = deliveryListQuerySchema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}
