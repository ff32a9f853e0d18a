/*
 * The connection's address, when there still is one: the one address every per-client
 * limit, spool cap and hash is keyed by, never a header or field the client chooses.
 * - Node: the socket's peer. Astro's adapter takes X-Forwarded-For instead only for a Host
 *   listed in `security.allowedDomains`, which astro.config.mjs does not set; behind a
 *   reverse proxy every visitor is therefore the proxy's address (docs/deploying.md).
 * - Netlify: the address the platform saw (`context.ip`, from its `x-nf-client-connection-ip`
 *   header, which Netlify sets itself and a client cannot).
 * Astro's `clientAddress` getter throws ClientAddressNotAvailable when the client hung up
 * before the adapter read the socket's address (the Node adapter then has none): a request
 * nobody waits for must not turn into a logged 500 with a stack. No Astro imports: pass the context.
 */

/**
 * `context.clientAddress`, or undefined when the adapter cannot tell (client gone).
 * @example clientAddressOf(context) ?? 'desconhecido'
 */
export function clientAddressOf(context: { readonly clientAddress: string }): string | undefined {
  try {
    return context.clientAddress || undefined;
  } catch {
    return undefined;
  }
}
