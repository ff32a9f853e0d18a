/*
 * The YAML files that code imports as modules (`import * as site from '…/site.yaml'`), each
 * with the schema that judges it. src/integrations/yaml-modules.mjs refuses to turn a file
 * that is not listed here into a module, so nothing reaches a page unchecked; the Playwright
 * tests and build scripts read the same files with ./content-files.
 */
import type { z } from 'zod';
import {
  blogPageSchema,
  companySchema,
  cookieConsentSchema,
  examplePostsSchema,
  implementationMessagesSchema,
  leadMessagesSchema,
  lgpdMessagesSchema,
  siteSchema,
} from './content-schemas.ts';

export const YAML_MODULES: Record<string, z.ZodType> = {
  'content/settings/company.yaml': companySchema,
  'content/settings/site.yaml': siteSchema,
  'content/settings/cookie-consent.yaml': cookieConsentSchema,
  'content/pages/blog.yaml': blogPageSchema,
  'content/blog/example-posts.yaml': examplePostsSchema,
  'content/messages/lead.yaml': leadMessagesSchema,
  'content/messages/implementation.yaml': implementationMessagesSchema,
  'content/messages/lgpd.yaml': lgpdMessagesSchema,
};
