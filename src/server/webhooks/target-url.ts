/*
 * What an outbound URL from the environment (a webhook, a connector's API) must be: http(s),
 * and without `user:password@`. Credentials in the URL would be quoted by every error about
 * it — fetch refuses such a URL outright, with a message that repeats it — and so reach the
 * log and the deliveries page; a receiver that wants a secret takes it in its path or query,
 * or checks X-Pilota-Signature (WEBHOOK_SECRET). A problem is said without repeating the URL,
 * which may hold a secret.
 */

/**
 * Why `url` cannot be a target, or undefined when it can. `which` names it in the message.
 * @example targetUrlProblem('https://u:p@hooks.example/x', 'URL 1') // 'URL 1 (hooks.example) carries a user name or password (user:password@) …'
 */
export function targetUrlProblem(url: string, which: string): string | undefined {
  if (!URL.canParse(url)) return `${which} is not an http(s) URL (it cannot be read as a URL)`;
  const parsed = new URL(url);
  if (!/^https?:$/.test(parsed.protocol)) return `${which} is not an http(s) URL (it is ${parsed.protocol})`;
  if (parsed.username || parsed.password) {
    return (
      `${which} (${parsed.host}) carries a user name or password (user:password@), which every error about it ` +
      'would repeat in the log: put the secret in the path or the query, or check X-Pilota-Signature (WEBHOOK_SECRET)'
    );
  }
  return undefined;
}
