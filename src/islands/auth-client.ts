import { createAuthClient } from 'better-auth/react';
import { fetchWithTimeout } from './ui/request-failure';

/*
 * Better Auth's React client for the islands of /auth and the admin area. It talks to
 * /api/auth on the page's own origin (the CSP allows nothing else).
 *
 * Refetching the session when the window regains focus is off: every session read slides
 * the server's 24 h inactivity window, and a tab left open in the background is not
 * activity. SessionWatch decides when to read the session instead.
 */
export const authClient = createAuthClient({
  sessionOptions: { refetchOnWindowFocus: false },
  // A session read that hangs would keep /auth on 'Carregando...' for good: every request of
  // the client gives up after the forms' timeout (ui/request-failure.ts).
  fetchOptions: { customFetchImpl: (input, init) => fetchWithTimeout(input, init) },
});

/** What the server's JSON errors look like (Better Auth's `{ code, message }`). */
export interface AuthErrorLike {
  code?: string | undefined;
  message?: string | undefined;
  status?: number | undefined;
}
