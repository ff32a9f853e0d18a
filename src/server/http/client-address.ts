/*
 * The connection's address, when there still is one. Astro's `clientAddress` getter
 * throws ClientAddressNotAvailable when the client hung up before the adapter read the
 * socket's address (the Node adapter then has none): a request nobody waits for must not
 * turn into a logged 500 with a stack. No Astro imports: pass the context.
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
