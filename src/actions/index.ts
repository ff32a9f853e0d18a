/*
 * Every Astro Action of the site, one file per feature. Admin actions (`admin.*`, `posts.*`)
 * are written with defineAdminAction (./admin-only.ts).
 */
import { admin } from './admin';
import { lead } from './lead';
import { lgpd } from './lgpd';
import { posts } from './posts';

export const server = {
  lead,
  lgpd,
  admin,
  posts,
};
