/**
 * Every text the blog's editor and its endpoints show about a post's state: field
 * validation (the post schema in src/lib/validation/post.ts), service refusals
 * (duplicate slug, missing post), cover-image checks and the editor's toasts and
 * buttons. The island, the endpoints and the tests import these; nothing is retyped.
 */

/** Field limits quoted in the messages below; the schema imports the same numbers. */
export const postLimits = {
  title: 120,
  excerpt: 300,
  body: 100_000,
  tags: 10,
  tag: 40,
  seoTitle: 60,
  seoDescription: 160,
  coverAlt: 200,
} as const;

export const postValidationMessages = {
  titleRequired: 'Informe o título do post',
  titleMax: `O título deve ter no máximo ${postLimits.title} caracteres`,
  slugInvalid: 'Use apenas letras minúsculas sem acento, números e hífens (ex.: gestao-de-imoveis)',
  slugMax: 'O endereço deve ter no máximo 80 caracteres',
  slugReserved: 'Este endereço é reservado pelo blog; escolha outro',
  excerptMax: `O resumo deve ter no máximo ${postLimits.excerpt} caracteres`,
  bodyRequired: 'Escreva o conteúdo do post antes de publicar',
  bodyMax: `O conteúdo deve ter no máximo ${postLimits.body.toLocaleString('pt-BR')} caracteres`,
  tagsMax: `Use no máximo ${postLimits.tags} tags`,
  tagMax: `Cada tag deve ter no máximo ${postLimits.tag} caracteres`,
  tagInvalid: 'Cada tag precisa ter ao menos uma letra ou número',
  statusInvalid: 'Situação inválida',
  seoTitleMax: `O título para SEO deve ter no máximo ${postLimits.seoTitle} caracteres`,
  seoDescriptionMax: `A descrição para SEO deve ter no máximo ${postLimits.seoDescription} caracteres`,
  coverInvalid: 'Imagem de capa inválida',
  coverAltRequired: 'Descreva a imagem de capa (texto alternativo) para quem não pode vê-la',
  coverAltMax: `O texto alternativo deve ter no máximo ${postLimits.coverAlt} caracteres`,
} as const;

/** Refusals of the post service and the admin endpoints. */
export const postErrors = {
  duplicateSlug: (slug: string) => `Já existe um post com o endereço "${slug}". Escolha outro endereço.`,
  notFound: 'Post não encontrado',
  invalid: 'Verifique os campos destacados',
  badRequest: 'Requisição inválida',
  unexpected: 'Não foi possível salvar o post. Tente novamente.',
  /**
   * No usable answer came back (no connection, a timeout, a proxy's error page): the editor
   * keeps every change, and a timed-out save may still have reached the server.
   */
  unavailable:
    'Não foi possível confirmar o salvamento: o servidor não respondeu. Suas alterações continuam aqui; verifique a conexão e tente novamente.',
  deleteUnavailable:
    'Não foi possível excluir o post: o servidor não respondeu. Verifique a conexão e tente novamente.',
} as const;

/** Cover-image upload (JPEG, PNG or WebP judged by content, at most 5 MB). */
export const coverMessages = {
  invalidType: 'Apenas imagens JPEG, PNG ou WebP são aceitas.',
  tooLarge: 'A imagem deve ter no máximo 5MB.',
  unreadable: 'Não foi possível ler esta imagem. Tente outro arquivo.',
  tooSmall: 'A imagem deve ter pelo menos 200 pixels de largura.',
  uploading: 'Enviando imagem...',
  uploaded: 'Imagem de capa enviada',
  unavailable: 'Não foi possível enviar a imagem: o servidor não respondeu. Verifique a conexão e tente novamente.',
} as const;

/** The editor island and the admin list page. */
export const editorCopy = {
  listTitle: 'Posts do blog',
  manage: 'Gerenciar posts do blog',
  dashboardIntro: 'Escreva, publique e organize os posts de /blog.',
  listIntro: 'Rascunhos ficam visíveis só aqui; publicados aparecem em /blog, no RSS e no sitemap.',
  newPost: 'Novo post',
  backToList: 'Voltar para a lista de posts',
  backToDashboard: 'Painel',
  emptyList: 'Nenhum post ainda. Crie o primeiro.',
  columns: {
    title: 'Título',
    status: 'Situação',
    updated: 'Atualizado em',
    published: 'Publicado em',
    actions: 'Ações',
  },
  statusLabels: { draft: 'Rascunho', published: 'Publicado' },
  /** Beside the title of a post that ships as an example. */
  exampleTag: '(exemplo)',
  edit: 'Editar',
  view: 'Ver no blog',
  newTitle: 'Novo post',
  editTitle: 'Editar post',
  fields: {
    title: 'Título',
    slug: 'Endereço (slug)',
    slugHint: 'Gerado a partir do título até você editá-lo. Aparece na URL: /blog/',
    excerpt: 'Resumo',
    excerptHint: 'Aparece na lista de posts e no RSS. Vazio: o começo do texto.',
    body: 'Conteúdo (Markdown)',
    bodyHint: 'Markdown com tabelas e listas de tarefas. HTML escrito no texto não é exibido.',
    tags: 'Tags',
    tagsHint: 'Separadas por vírgula, ex.: gestão, inquilinos',
    seoTitle: 'Título para SEO',
    seoTitleHint: 'Vazio: o título do post.',
    seoDescription: 'Descrição para SEO',
    seoDescriptionHint: 'Vazio: o resumo.',
    cover: 'Imagem de capa',
    coverHint: 'JPEG, PNG ou WebP, até 5MB. Largura recomendada: 1440 pixels.',
    coverAlt: 'Texto alternativo da capa',
    removeCover: 'Remover capa',
  },
  counter: (used: number, max: number) => `${used}/${max}`,
  preview: 'Pré-visualização',
  previewEmpty: 'A pré-visualização aparece aqui enquanto você escreve.',
  previewError: 'Não foi possível atualizar a pré-visualização.',
  saveDraft: 'Salvar rascunho',
  saveChanges: 'Salvar alterações',
  saving: 'Salvando...',
  publish: 'Publicar',
  publishing: 'Publicando...',
  unpublish: 'Despublicar',
  unpublishing: 'Despublicando...',
  delete: 'Excluir',
  deleting: 'Excluindo...',
  confirmDeleteTitle: 'Excluir este post?',
  confirmDeleteText: 'O post e sua imagem de capa serão apagados. Esta ação não pode ser desfeita.',
  confirmDelete: 'Excluir definitivamente',
  cancel: 'Cancelar',
  unsaved: 'Alterações não salvas',
  allSaved: 'Tudo salvo',
  statusNow: (status: 'draft' | 'published') => (status === 'published' ? 'Publicado' : 'Rascunho'),
} as const;

export const editorToasts = {
  saved: 'Rascunho salvo',
  updated: 'Alterações salvas',
  published: 'Post publicado',
  unpublished: 'Post despublicado: voltou a ser rascunho',
  deleted: 'Post excluído',
  errorTitle: 'Erro',
  sessionExpired: 'Sua sessão expirou. Entre novamente para continuar.',
  forbidden: 'Sua conta não tem permissão para editar o blog.',
} as const;
