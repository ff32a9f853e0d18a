/*
 * What a browser does with an admin form's answer (src/server/http/post-redirect-get.ts): a
 * 303 is followed by a GET of its Location, carrying the one-time result cookie the answer
 * set; anything else is the answer itself.
 */

/** The result cookie a 303 set (`name=value`), or none. */
export function flashCookieOf(response: Response): string[] {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .filter((cookie) => cookie.startsWith('pilota_resultado='));
}

/**
 * The page a browser shows after posting a form: the 303's target (fetched with `cookie` and
 * the result cookie), or the answer itself when it is not a 303.
 * @example const shown = await seeOther(await post(…), server.url, cookie); expect(await shown.text()).toContain('Salvo')
 */
export async function seeOther(response: Response, base: string, cookie: string): Promise<Response> {
  if (response.status !== 303) return response;
  return fetch(new URL(response.headers.get('location')!, base), {
    headers: { cookie: [cookie, ...flashCookieOf(response)].join('; '), accept: 'text/html' },
    redirect: 'manual',
  });
}
