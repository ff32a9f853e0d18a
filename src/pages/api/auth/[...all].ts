import type { APIRoute } from 'astro';
import { handleAuthRequest } from '~/server/auth';
import { clientAddressOf } from '~/server/http';

/*
 * Better Auth's catch-all route, mounted as its Astro guide documents. The Node adapter
 * passes no client IP to the Request, so the connection's address (clientAddress) is
 * handed over here; Astro only takes it from X-Forwarded-For for hosts listed in
 * `security.allowedDomains`, i.e. behind a configured proxy. Better Auth's own client speaks
 * to these routes, so they stay its plain endpoints.
 */
export const prerender = false;

export const ALL: APIRoute = async (context) => {
  const { auth, security } = context.locals.runtime;
  return handleAuthRequest(auth, context.request, clientAddressOf(context), security);
};
