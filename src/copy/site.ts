/**
 * Site-wide facts: brand, contact data, links, menu, claims and commercial terms, from
 * content/settings/site.yaml and company.yaml (checked at build). Components and services
 * import from here; nothing below is retyped elsewhere.
 */
import type { SiteSettings } from '~/lib/content-schemas';
import { contactOf, linksOf } from '~/lib/site-facts';
import * as file from '../../content/settings/site.yaml';
import { company } from './company';

// Each key read straight off the module, so a browser bundle keeps only the keys it uses.
type Site = SiteSettings;

export const contact = contactOf(company, (file as unknown as Site).contact);
export const brand = (file as unknown as Site).brand;
export const links = linksOf(company, (file as unknown as Site).links);
export const nav = (file as unknown as Site).nav;
/** Commercial terms of SPEC §9 that copy and legal pages quote. */
export const terms = (file as unknown as Site).terms;
/** Promotional claims (SPEC §1). Badges and proof points read from here. */
export const claims = (file as unknown as Site).claims;
/** Figures shown as metrics and counters. `value` is display text; `label` says what it measures. */
export const figures = (file as unknown as Site).figures;
