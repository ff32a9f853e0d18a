/*
 * The CMS (Decap CMS, served at /cms) configuration, written to /cms/config.yml at build by
 * src/integrations/cms.mjs. Kept in code so the CMS refuses the same malformed values as the
 * build: price fields use the pattern and message of src/lib/content-schemas.ts, required
 * fields are the schemas' required fields. Labels and hints are what the editor reads: pt-BR.
 *
 * Editors sign in with GitHub (Netlify's OAuth provider, no Git Gateway/Identity); every change
 * opens a pull request (editorial workflow), whose Netlify deploy preview shows the real page
 * before it is published. On a developer's machine `npx decap-server` serves the working tree
 * instead: `astro dev` adds `local_backend` to the config it serves (src/integrations/cms.mjs),
 * and the change is written straight to the file. The build's config never has it.
 */
import { blogPageFiles } from './blog-page.ts';
import { folderCollections } from './folder-collections.ts';
import { framePageFiles } from './frame-pages.ts';
import { landingPageFiles } from './landing-pages.ts';
import { messageFiles } from './message-files.ts';
import { salesPageFiles } from './sales-pages.ts';
import { settingsFiles } from './settings-files.ts';

export const cmsConfig = {
  locale: 'pt',
  backend: {
    name: 'github',
    // The site's repository; editors need write access to it on GitHub.
    repo: 'pilota/pilota-site',
    branch: 'main',
    // Netlify's GitHub OAuth provider (Site configuration → Access control → OAuth).
    base_url: 'https://api.netlify.com',
    auth_endpoint: 'auth',
    commit_messages: {
      create: 'Conteúdo: cria {{collection}} "{{slug}}"',
      update: 'Conteúdo: altera {{collection}} "{{slug}}"',
      delete: 'Conteúdo: remove {{collection}} "{{slug}}"',
      uploadMedia: 'Conteúdo: envia "{{path}}"',
      deleteMedia: 'Conteúdo: remove "{{path}}"',
    },
  },
  // Each change becomes a branch and a pull request with its own deploy preview.
  publish_mode: 'editorial_workflow',
  /*
   * New items' file names (their addresses too, for partners): accents dropped and anything
   * outside a-z, 0-9 and "-" made a hyphen, so "Imobiliária Sol & Mar" is saved as
   * imobiliaria-sol-mar.yaml, a name the build accepts (the identifying field refuses the rest,
   * src/cms/fields.ts). Decap's defaults would keep "á" and make a file the build refuses.
   */
  slug: { encoding: 'ascii', clean_accents: true, sanitize_replacement: '-' },
  site_url: '/',
  display_url: '/',
  media_folder: 'src/assets/conteudo',
  public_folder: '/src/assets/conteudo',
  collections: [
    {
      name: 'paginas',
      label: 'Páginas',
      files: [...landingPageFiles, ...framePageFiles, ...salesPageFiles, ...blogPageFiles],
    },
    {
      name: 'mensagens',
      label: 'Mensagens dos formulários',
      files: messageFiles,
    },
    {
      name: 'configuracoes',
      label: 'Configurações',
      files: settingsFiles,
    },
    ...folderCollections,
  ],
};
