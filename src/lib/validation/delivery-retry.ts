/**
 * What "Reenviar" accepts (src/actions/entregas.ts): the id of one delivery, from the row's
 * hidden field. Anything else is refused in pt-BR before the database is asked.
 */
import { deliveryRetryMessages as m } from '~/messages/inbox/deliveries';
import { z } from './zod';

export const deliveryRetrySchema = z.object({ id: z.uuid({ error: m.idInvalido }) });

export type DeliveryRetryInput = z.output<typeof deliveryRetrySchema>;
