/*
 * Calls an Astro Action over HTTP the way the browser's `actions.*` client does (POST
 * /_actions/{name}, JSON or a form, Accept: application/json) and reads the answer: the
 * data (Astro writes it in devalue's flat form) or the serialized ActionError.
 */

/** A serialized ActionError: `AstroActionError` with code and message, or an input error with fields. */
export interface ActionErrorBody {
  type: 'AstroActionError' | 'AstroActionInputError';
  code?: string;
  status?: number;
  message?: string;
  fields?: Record<string, string[]>;
}

export interface ActionAnswer<T> {
  status: number;
  headers: Headers;
  data?: T;
  error?: ActionErrorBody;
}

export interface CallOptions {
  cookie?: string;
  /** Default: the server's own origin, as from the site's pages. */
  origin?: string;
}

/*
 * devalue's flat form: an array whose first item is the value; objects and arrays hold the
 * indexes of their members. Enough of it for what actions here answer (plain JSON values).
 */
function unflatten(flat: unknown[]): unknown {
  const hydrate = (index: number): unknown => {
    if (index === -1) return undefined;
    const value = flat[index];
    if (Array.isArray(value)) return value.map((item) => hydrate(item as number));
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, hydrate(item as number)]));
    }
    return value;
  };
  return hydrate(0);
}

/** Reads an action's answer: data on 2xx, the error body otherwise. */
export async function readActionAnswer<T>(response: Response): Promise<ActionAnswer<T>> {
  const text = await response.text();
  const answer: ActionAnswer<T> = { status: response.status, headers: response.headers };
  if (response.ok) {
    if (text) answer.data = unflatten(JSON.parse(text) as unknown[]) as T;
  } else {
    try {
      answer.error = JSON.parse(text) as ActionErrorBody;
    } catch {
      answer.error = { type: 'AstroActionError', message: text };
    }
  }
  return answer;
}

export async function callAction<T = unknown>(
  baseUrl: string,
  name: string,
  input: unknown,
  { cookie, origin = baseUrl }: CallOptions = {},
): Promise<ActionAnswer<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', Origin: origin };
  if (cookie) headers['Cookie'] = cookie;
  const form = input instanceof FormData;
  if (!form) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${baseUrl}/_actions/${name}`, {
    method: 'POST',
    headers,
    redirect: 'manual',
    body: form ? input : JSON.stringify(input),
  });
  return readActionAnswer<T>(response);
}

/** The first message of each field of an input error, as a form shows them. */
export function firstMessages(fields: Record<string, string[]> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(fields ?? {}).map(([field, messages]) => [field, messages[0]!]));
}
