/*
 * Every Astro Action of the site, one file per feature. Admin actions (the namespaces of ACTION_ROLES in
 * src/server/auth/access-policy.ts)
 * are written with defineAdminAction (./admin-only.ts).
 */
import { admin } from './admin';
import { agenda } from './agenda';
import { entregas } from './entregas';
import { implantacoes } from './implantacoes';
import { lead } from './lead';
import { leads } from './leads';
import { lgpd } from './lgpd';
import { posts } from './posts';
import { usuarios } from './usuarios';

export const server = {
  lead,
  lgpd,
  admin,
  posts,
  leads,
  entregas,
  agenda,
  implantacoes,
  usuarios,
};
