/*
 * The CMS entry of the blog's words (content/pages/blog.yaml).
 */
import { str, txt, slotted, obj, type Field } from './fields.ts';

export const blogPageFiles: Field[] = [
  {
    name: 'blog',
    label: 'Blog (textos da listagem, dos posts e do feed)',
    file: 'content/pages/blog.yaml',
    description:
      'Os textos em volta dos posts: títulos de /blog e das páginas de tag, datas, paginação e o convite no fim de cada post. Os posts em si são escritos em /blog/admin/posts.',
    fields: [
      str('title', 'Título da página (aba e Google)'),
      str('heading', 'Título na página'),
      txt('description', 'Descrição (Google, redes sociais e feed RSS)'),
      str('intro', 'Introdução'),
      str('empty', 'Sem posts'),
      str('publishedOn', 'Publicado em'),
      str('updatedOn', 'Atualizado em'),
      str('tagsLabel', 'Rótulo das tags'),
      str('readMore', 'Link para o post'),
      str('backToBlog', 'Voltar para o blog'),
      str('newer', 'Posts mais recentes'),
      str('older', 'Posts anteriores'),
      str('pagination', 'Paginação (leitores de tela)'),
      slotted('pageOf', 'Página X de Y', 'page', 'pageCount'),
      slotted('pageTitle', 'Título das páginas seguintes', 'page'),
      slotted('tagTitle', 'Título da página de uma tag', 'tag'),
      slotted('tagDescription', 'Descrição da página de uma tag', 'tag'),
      slotted('tagPageTitle', 'Título das páginas seguintes de uma tag', 'tag', 'page'),
      str('rssLabel', 'Link do RSS'),
      str('breadcrumb', 'Trilha de navegação (leitores de tela)'),
      obj('cta', 'Convite no fim de cada post', [str('title', 'Título'), txt('text', 'Texto'), str('button', 'Botão')]),
      str('rssTitle', 'Título do feed RSS'),
    ],
  },
];
