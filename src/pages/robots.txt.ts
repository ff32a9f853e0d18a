import type { APIRoute } from 'astro';
import { robotsTxt } from '~/lib/sitemap';

export const prerender = true;

export const GET: APIRoute = ({ site, url }) =>
  new Response(robotsTxt(site ?? new URL(url.origin)), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
