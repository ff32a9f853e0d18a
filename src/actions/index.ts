/*
 * Every Astro Action of the site, one file per feature.
 */
import { lead } from './lead';

export const server = {
  lead,
};
