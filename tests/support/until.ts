/**
 * Polling for a state the code under test reaches in its own time (a job finished, a row
 * written, a delivery retried): `until` calls `probe` every 50 ms and resolves with the
 * first value that is not `undefined`. For items pushed to a list (captured e-mails,
 * webhook calls) use the receivers' `waitFor` (arrivals.ts), which needs no polling.
 */
export async function until<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
