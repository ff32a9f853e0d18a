/*
 * Posts one JSON body to one webhook URL. Never touches the database: the queue
 * calls it per (lead, URL) job and records each attempt. Any network error,
 * timeout or non-2xx status throws, which makes the queue retry with back-off.
 */
import { createHmac } from 'node:crypto';

/** SPEC §7 fires webhooks without waiting long; a hung receiver fails the attempt after this. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
export const SIGNATURE_HEADER = 'X-Pilota-Signature';

/** `sha256=<hex HMAC-SHA256 of the exact body>`, the value of X-Pilota-Signature. */
export function signBody(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export interface WebhookOptions {
  secret?: string | undefined;
  timeoutMs?: number;
}

export interface WebhookResult {
  status: number;
}

export class WebhookError extends Error {
  override name = 'WebhookError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export async function postWebhook(url: string, payload: unknown, options: WebhookOptions = {}): Promise<WebhookResult> {
  const body = JSON.stringify(payload);
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'User-Agent': 'Pilota-Webhooks/1',
  };
  if (options.secret) headers[SIGNATURE_HEADER] = signBody(body, options.secret);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(options.timeoutMs ?? WEBHOOK_TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (error) {
    const reason =
      error instanceof Error ? (error.name === 'TimeoutError' ? 'timed out' : error.message) : String(error);
    throw new WebhookError(`POST ${url} failed: ${reason}`);
  }
  // The body is not read (SPEC §7); release the connection.
  await response.body?.cancel().catch(() => undefined);
  if (!response.ok) throw new WebhookError(`POST ${url} answered ${response.status}`, response.status);
  return { status: response.status };
}
