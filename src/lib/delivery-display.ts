/**
 * How a delivery's target and last error appear on the admin pages (a lead's page, the deliveries page).
 * A webhook URL's path and query often carry the receiver's access token, so only its host
 * is shown; a lead's e-mails go to the team's inbox (LEAD_NOTIFY_TO). `last_error` is the
 * transport's own message: a webhook's names a status or a network code, but an SMTP
 * server's or a CRM's may quote a recipient or the request, so it is sanitized before it is
 * shown. It is shown whole, after a plain pt-BR reason when its shape is known
 * (./delivery-reason.ts); the stored value is bounded.
 */

import { deliveryReason } from './delivery-reason';
import { safeErrorText, urlHost } from './error-text';

/** Characters of a delivery's last error kept in its row (src/server/delivery/attempt.ts), hence at most shown. */
export const DELIVERY_ERROR_MAX = 2000;

/**
 * A webhook's host (with its port), or undefined when the stored target is not a URL.
 * @example webhookHost('https://hooks.exemplo.com/t/abc123?token=x') // "hooks.exemplo.com"
 */
export const webhookHost = urlHost;

/**
 * The last error through the one sanitizer of failure texts (./error-text.ts: no URLs,
 * credentials, addresses in any encoding, nor numbers long enough to be a phone or a
 * document), at most `max` characters (with an ellipsis when cut). Rows stored before the
 * sanitizer ran at recording time are cleaned here all the same.
 * @example safeDeliveryError('550 5.1.1 <lia@exemplo.com>: Recipient address rejected')
 *   // "550 5.1.1 <[e-mail]>: Recipient address rejected"
 * @example safeDeliveryError('failed: ECONNREFUSED') // "failed: ECONNREFUSED"
 */
export function safeDeliveryError(error: string, max = DELIVERY_ERROR_MAX): string {
  const masked = safeErrorText(error);
  return masked.length > max ? `${masked.slice(0, max - 1).trimEnd()}…` : masked;
}

/**
 * A last error as the pages show it: the pt-BR reason when the transport's text has a known
 * shape, with that text (sanitized, the senders' "failed: " prefix dropped) beside it as the
 * technical code an operator searches for; otherwise only the sanitized text, as it is.
 */
export interface DeliveryErrorView {
  reason: string | undefined;
  technical: string;
}

/**
 * @example deliveryErrorView('failed: ECONNREFUSED')
 *   // { reason: "o destino recusou a conexão (está fora do ar?) — …", technical: "ECONNREFUSED" }
 * @example deliveryErrorView('Pipedrive recusou os dados: …') // { reason: undefined, technical: "Pipedrive recusou os dados: …" }
 */
export function deliveryErrorView(error: string): DeliveryErrorView {
  const technical = safeDeliveryError(error);
  const reason = deliveryReason(technical);
  return { reason, technical: reason === undefined ? technical : technical.replace(/^failed: /, '') };
}
