/*
 * Every Astro Action of the site, one file per feature.
 */
import { admin } from './admin';
import { lead } from './lead';
import { lgpd } from './lgpd';

export const server = {
  lead,
  lgpd,
  admin,
};
