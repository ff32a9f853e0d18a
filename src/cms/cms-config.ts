/*
 * The CMS (Decap CMS, served at /cms) configuration, written to /cms/config.yml at build by
 * src/integrations/cms.mjs. Kept in code so the CMS refuses the same malformed values as the
 * build: price fields use the pattern and message of src/lib/content-schemas.ts, required
 * fields are the schemas' required fields. Labels and hints are what the editor reads: pt-BR.
 *
 * Editors sign in with GitHub (Netlify's OAuth provider, no Git Gateway/Identity); every change
 * opens a pull request (editorial workflow), whose Netlify deploy preview shows the real page
 * before it is published. On a developer's machine `npx decap-server` serves the working tree
 * instead (local_backend), and the change is written straight to the file.
 */
import {
  BRL_PRICE_MESSAGE,
  BRL_PRICE_PATTERN,
  CLOCK_MESSAGE,
  CLOCK_PATTERN,
  GESTAO_ICONS,
  ISO_DATE_MESSAGE,
  ISO_DATE_PATTERN,
  MONTH_DAY_MESSAGE,
  MONTH_DAY_PATTERN,
} from '../lib/content-schemas';

type Field = Record<string, unknown>;

const str = (name: string, label: string, extra: Field = {}): Field => ({ name, label, widget: 'string', ...extra });
const txt = (name: string, label: string, extra: Field = {}): Field => ({ name, label, widget: 'text', ...extra });
const int = (name: string, label: string, extra: Field = {}): Field => ({
  name,
  label,
  widget: 'number',
  value_type: 'int',
  ...extra,
});
const bool = (name: string, label: string): Field => ({
  name,
  label,
  widget: 'boolean',
  required: false,
  default: false,
});
const price = (name: string, label: string, extra: Field = {}): Field =>
  str(name, label, {
    pattern: [BRL_PRICE_PATTERN, BRL_PRICE_MESSAGE],
    hint: 'Em reais, com vírgula: 59,90 ou 1.488,00.',
    ...extra,
  });
/** A text with `{slot}` marks the site fills in: the CMS refuses it without each one, like the schema. */
const slotted = (name: string, label: string, ...slots: string[]): Field => {
  const marks = slots.map((slot) => `{${slot}}`).join(' e ');
  return str(name, label, {
    hint: `${marks} ${slots.length > 1 ? 'são trocados' : 'é trocado'} pelo valor certo quando o texto aparece.`,
    pattern: [slots.map((slot) => `(?=[\\s\\S]*\\{${slot}\\})`).join(''), `O texto precisa conter ${marks}.`],
  });
};
const order = int('order', 'Posição na lista', { hint: 'Números menores aparecem primeiro.' });
const strings = (name: string, label: string): Field => ({ name, label, widget: 'list', field: str('item', 'Item') });
const cards = (name: string, label: string): Field => ({
  name,
  label,
  widget: 'list',
  fields: [str('title', 'Título'), txt('text', 'Texto')],
});
const seoWith = (max: number): Field => ({
  name: 'seo',
  label: 'SEO (Google e redes sociais)',
  widget: 'object',
  fields: [
    str('title', 'Título da aba e do resultado de busca'),
    txt('description', `Descrição (50 a ${max} caracteres)`, {
      pattern: [`^[\\s\\S]{50,${max}}$`, `A descrição precisa ter de 50 a ${max} caracteres.`],
    }),
  ],
});
const seo = seoWith(160);

const obj = (name: string, label: string, fields: Field[], extra: Field = {}): Field => ({
  name,
  label,
  widget: 'object',
  fields,
  ...extra,
});
const titledItems = (name: string, label: string): Field =>
  obj(name, label, [str('title', 'Título'), strings('items', 'Itens')]);
const mockDashboard = (name: string, label: string, extra: Field[] = []): Field =>
  obj(
    name,
    label,
    [
      str('title', 'Título'),
      ...extra,
      { name: 'metrics', label: 'Indicadores', widget: 'list', fields: [str('label', 'Nome'), str('value', 'Valor')] },
      {
        name: 'rows',
        label: 'Linhas',
        widget: 'list',
        fields: [str('label', 'Descrição'), str('value', 'Valor'), str('status', 'Situação')],
      },
    ],
    { collapsed: true },
  );
const labelled = (name: string, label: string, placeholder = true): Field =>
  obj(name, label, [str('label', 'Rótulo'), ...(placeholder ? [str('placeholder', 'Exemplo dentro do campo')] : [])]);
/** The monthly/annual price table's labels, as /planos and /gestao both show them. */
const priceTableLabels: Field[] = [
  str('billingLabel', 'Nome da escolha mensal/anual (leitores de tela)'),
  str('monthlyLabel', 'Mensal'),
  str('annualLabel', 'Anual'),
  str('annualBadge', 'Selo de economia no anual'),
  str('perMonth', 'Sufixo do preço mensal'),
  str('annualTotalLabel', 'Rótulo do total anual'),
  str('regularPriceLabel', 'Rótulo do preço sem desconto (leitores de tela)'),
  obj('planFeatures', 'Linhas de cada plano ({n} é o valor do plano)', [
    str('properties', 'Imóveis'),
    {
      name: 'users',
      label: 'Usuários (singular e plural)',
      widget: 'list',
      min: 2,
      max: 2,
      field: str('item', 'Forma'),
    },
    str('storage', 'Armazenamento'),
    str('support', 'Suporte'),
  ]),
  str('popularBadge', 'Selo "Mais popular"'),
  str('cta', 'Botão de cada plano'),
];

const planFields: Field[] = [
  str('name', 'Nome do plano'),
  txt('description', 'Descrição'),
  price('monthlyPrice', 'Preço mensal'),
  price('annualPrice', 'Preço anual (o ano inteiro, pago de uma vez)'),
  int('properties', 'Imóveis incluídos', { min: 1 }),
  int('users', 'Usuários', { min: 1 }),
  str('storage', 'Armazenamento', { hint: 'Como aparece na página: 5GB.' }),
  str('support', 'Suporte'),
  bool('popular', 'Selo "Mais popular"'),
  order,
];

const folder = (name: string, label: string, labelSingular: string, fields: Field[], extra: Field = {}): Field => ({
  name,
  label,
  label_singular: labelSingular,
  folder: `content/${name}`,
  extension: 'yaml',
  format: 'yaml',
  create: true,
  delete: true,
  slug: '{{slug}}',
  identifier_field: 'name',
  sortable_fields: ['order', 'name'],
  fields,
  ...extra,
});

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
  // `npx decap-server` on the developer's machine: the CMS edits the working tree.
  local_backend: true,
  site_url: '/',
  display_url: '/',
  media_folder: 'src/assets/conteudo',
  public_folder: '/src/assets/conteudo',
  collections: [
    {
      name: 'paginas',
      label: 'Páginas',
      files: [
        {
          name: 'home',
          label: 'Página inicial (/)',
          file: 'content/pages/home.yaml',
          preview_path: '',
          fields: [
            seo,
            {
              name: 'hero',
              label: 'Topo da página',
              widget: 'object',
              fields: [
                str('eyebrow', 'Chamada acima do título'),
                str('title', 'Título principal'),
                txt('subtitle', 'Subtítulo'),
                strings('badges', 'Selos'),
                str('primaryCta', 'Botão principal'),
                str('secondaryCta', 'Botão secundário'),
              ],
            },
            {
              name: 'pains',
              label: 'Dores',
              widget: 'object',
              fields: [str('title', 'Título'), txt('subtitle', 'Subtítulo'), cards('cards', 'Cartões')],
            },
            {
              name: 'method',
              label: 'Como funciona',
              widget: 'object',
              fields: [str('title', 'Título'), txt('subtitle', 'Subtítulo'), cards('steps', 'Passos')],
            },
            {
              name: 'comparison',
              label: 'Comparação',
              widget: 'object',
              fields: [
                str('title', 'Título'),
                txt('subtitle', 'Subtítulo'),
                str('othersLabel', 'Rótulo "outros sistemas"'),
                str('pilotaLabel', 'Rótulo "com a Pilota"'),
                strings('others', 'Outros sistemas'),
                strings('pilota', 'Com a Pilota'),
              ],
            },
            {
              name: 'metrics',
              label: 'Números',
              widget: 'list',
              fields: [str('value', 'Valor'), str('label', 'Legenda')],
            },
            {
              name: 'finalCta',
              label: 'Chamada final',
              widget: 'object',
              fields: [str('title', 'Título'), txt('text', 'Texto'), str('cta', 'Botão')],
            },
          ],
        },
        {
          name: 'about',
          label: 'Sobre (/sobre)',
          file: 'content/pages/about.yaml',
          preview_path: 'sobre',
          fields: [
            seo,
            {
              name: 'hero',
              label: 'Topo da página',
              widget: 'object',
              fields: [str('title', 'Título'), txt('subtitle', 'Subtítulo')],
            },
            {
              name: 'story',
              label: 'Nossa história',
              widget: 'object',
              fields: [
                str('title', 'Título'),
                { name: 'paragraphs', label: 'Parágrafos', widget: 'list', field: txt('paragraph', 'Parágrafo') },
              ],
            },
            {
              name: 'name',
              label: 'O nome',
              widget: 'object',
              fields: [
                str('title', 'Título'),
                { name: 'paragraphs', label: 'Parágrafos', widget: 'list', field: txt('paragraph', 'Parágrafo') },
              ],
            },
            str('valuesTitle', 'Título dos valores'),
            cards('values', 'Valores'),
            {
              name: 'mission',
              label: 'Missão',
              widget: 'object',
              fields: [str('title', 'Título'), txt('text', 'Texto')],
            },
            {
              name: 'vision',
              label: 'Visão',
              widget: 'object',
              fields: [str('title', 'Título'), txt('text', 'Texto')],
            },
            str('countersTitle', 'Título dos números'),
            {
              name: 'counters',
              label: 'Números',
              widget: 'list',
              fields: [str('value', 'Valor'), str('label', 'Legenda')],
            },
          ],
        },
        {
          name: 'features-page',
          label: 'Funcionalidades (/funcionalidades)',
          file: 'content/pages/features-page.yaml',
          preview_path: 'funcionalidades',
          fields: [
            seo,
            {
              name: 'hero',
              label: 'Topo da página',
              widget: 'object',
              fields: [str('title', 'Título'), txt('subtitle', 'Subtítulo')],
            },
            str('rangeStatement', 'Frase sobre a faixa de planos'),
            str('tabsLabel', 'Nome da lista de abas (leitores de tela)'),
            str('dashboardNote', 'Legenda dos painéis ilustrativos'),
            str('plansLink', 'Link para os planos'),
          ],
        },
        {
          name: 'plans-page',
          label: 'Planos (/planos): textos da página',
          file: 'content/pages/plans-page.yaml',
          preview_path: 'planos',
          description: 'Os planos, serviços adicionais e perguntas ficam nas suas próprias coleções.',
          fields: [
            seo,
            {
              name: 'hero',
              label: 'Topo da página',
              widget: 'object',
              fields: [str('title', 'Título'), txt('subtitle', 'Subtítulo')],
            },
            str('monthlyLabel', 'Opção mensal'),
            str('annualLabel', 'Opção anual'),
            str('annualBadge', 'Selo do plano anual'),
            str('perMonth', 'Sufixo do preço mensal'),
            str('annualTotalLabel', 'Rótulo do total anual'),
            str('billingLabel', 'Nome da escolha mensal/anual (leitores de tela)'),
            str('regularPriceLabel', 'Rótulo do preço riscado (leitores de tela)'),
            {
              name: 'planFeatures',
              label: 'Linhas de cada plano ({n} = valor do plano)',
              widget: 'object',
              fields: [
                str('properties', 'Imóveis'),
                {
                  name: 'users',
                  label: 'Usuários (singular e plural)',
                  widget: 'list',
                  min: 2,
                  max: 2,
                  field: str('form', 'Forma'),
                },
                str('storage', 'Armazenamento'),
                str('support', 'Suporte'),
              ],
            },
            str('popularBadge', 'Selo "Mais popular"'),
            str('cta', 'Botão de cada plano'),
            str('addOnsTitle', 'Título dos adicionais'),
            txt('addOnsSubtitle', 'Subtítulo dos adicionais'),
            str('enterpriseTitle', 'Título do bloco Enterprise'),
            str('faqTitle', 'Título das perguntas'),
            {
              name: 'trialCta',
              label: 'Chamada final',
              widget: 'object',
              fields: [str('title', 'Título'), txt('text', 'Texto'), str('cta', 'Botão')],
            },
          ],
        },
        {
          name: 'contact-page',
          label: 'Contato (/contato)',
          file: 'content/pages/contact-page.yaml',
          preview_path: 'contato',
          description: 'Telefone, e-mail, WhatsApp e a promessa de resposta vêm dos dados da empresa.',
          fields: [
            seo,
            str('eyebrow', 'Chamada acima do título'),
            str('title', 'Título'),
            txt('subtitle', 'Subtítulo'),
            str('channelsTitle', 'Título dos canais'),
            {
              name: 'labels',
              label: 'Rótulos dos canais',
              widget: 'object',
              fields: [
                str('phone', 'Telefone'),
                str('email', 'E-mail'),
                str('whatsapp', 'WhatsApp'),
                str('whatsappCta', 'Botão do WhatsApp'),
                str('city', 'Endereço'),
                str('hours', 'Horário'),
              ],
            },
            {
              name: 'form',
              label: 'Formulário',
              widget: 'object',
              fields: [
                str('title', 'Título'),
                txt('text', 'Texto'),
                str('messageLabel', 'Rótulo da mensagem'),
                str('submitLabel', 'Botão de envio'),
              ],
            },
          ],
        },
        {
          name: 'thank-you-page',
          label: 'Obrigado (/obrigado)',
          file: 'content/pages/thank-you-page.yaml',
          fields: [
            seo,
            str('title', 'Título'),
            txt('text', 'Texto'),
            str('nextStepsTitle', 'Título dos próximos passos'),
            cards('nextSteps', 'Próximos passos'),
            str('whatsappTitle', 'Título do WhatsApp'),
            str('whatsappText', 'Texto do WhatsApp'),
            str('whatsappCta', 'Botão do WhatsApp'),
            str('contactTitle', 'Título dos outros canais'),
            str('backHome', 'Botão de volta ao início'),
          ],
        },
        {
          name: 'partner-page',
          label: 'Páginas de parceiros (textos comuns)',
          file: 'content/pages/partner-page.yaml',
          description: '{parceiro} é trocado pelo nome de cada parceiro.',
          fields: [
            str('placeholder', 'Marcador do nome', { hint: 'Normalmente {parceiro}; mude só junto com os textos.' }),
            {
              name: 'defaults',
              label: 'Valores padrão (UTM)',
              widget: 'object',
              collapsed: true,
              fields: [
                str('fallbackName', 'Nome quando não há parceiro'),
                str('utmSource', 'utm_source'),
                str('utmMedium', 'utm_medium'),
                str('utmCampaignFallback', 'utm_campaign sem parceiro'),
              ],
            },
            {
              name: 'seo',
              label: 'SEO',
              widget: 'object',
              fields: [str('title', 'Título'), txt('description', 'Descrição')],
            },
            str('eyebrow', 'Chamada acima do título'),
            str('headline', 'Título principal'),
            txt('subheadline', 'Subtítulo'),
            strings('badges', 'Selos'),
            str('benefitsTitle', 'Título dos benefícios'),
            cards('benefits', 'Benefícios'),
            str('featuresTitle', 'Título das funcionalidades'),
            strings('features', 'Funcionalidades'),
            str('painsTitle', 'Título das dores'),
            strings('pains', 'Dores'),
            str('painsResolution', 'Resposta às dores'),
            str('plansTitle', 'Título dos planos'),
            str('plansSubtitle', 'Subtítulo dos planos'),
            str('popularBadge', 'Selo "Mais popular"'),
            str('perMonth', 'Sufixo do preço mensal'),
            {
              name: 'cta',
              label: 'Botões',
              widget: 'object',
              fields: [str('primary', 'Principal'), str('plan', 'Em cada plano'), str('secondary', 'Secundário')],
            },
            {
              name: 'finalCta',
              label: 'Chamada final',
              widget: 'object',
              fields: [str('title', 'Título'), txt('text', 'Texto'), str('cta', 'Botão')],
            },
            str('photoAlt', 'Texto alternativo da foto do parceiro (leitores de tela)'),
          ],
        },
        {
          name: 'interface',
          label: 'Menu, rodapé e textos gerais',
          file: 'content/pages/interface.yaml',
          fields: [
            str('newTab', 'Aviso de link em nova aba (leitores de tela)'),
            str('skipLink', 'Atalho "pular para o conteúdo"'),
            str('close', 'Botão fechar (leitores de tela)'),
            {
              name: 'nav',
              label: 'Menu',
              widget: 'object',
              fields: [
                str('label', 'Nome do menu (leitores de tela)'),
                str('openMenu', 'Abrir menu'),
                str('closeMenu', 'Fechar menu'),
                str('signIn', 'Botão de acesso ao aplicativo'),
                str('contact', 'Botão de contato'),
              ],
            },
            {
              name: 'footer',
              label: 'Rodapé',
              widget: 'object',
              fields: [
                str('productTitle', 'Título da coluna Produto'),
                str('companyTitle', 'Título da coluna Empresa'),
                str('supportTitle', 'Título da coluna Suporte'),
                str('features', 'Link de funcionalidades'),
                str('blog', 'Link do blog'),
                str('instagram', 'Link do Instagram'),
                str('contact', 'Link de contato'),
                str('plans', 'Link de planos'),
                str('demo', 'Link de demonstração'),
                str('about', 'Link sobre'),
                str('implementation', 'Link de implementação'),
                {
                  name: 'legal',
                  label: 'Links legais',
                  widget: 'list',
                  fields: [
                    str('label', 'Texto'),
                    str('href', 'Caminho', { pattern: ['^/', 'Use um caminho do site, como /lgpd.'] }),
                  ],
                },
              ],
            },
            str('whatsapp', 'Botão do WhatsApp (leitores de tela)'),
            str('homeBadgesLabel', 'Nome da lista de selos da página inicial'),
            {
              name: 'legal',
              label: 'Páginas legais',
              widget: 'object',
              fields: [
                str('eyebrow', 'Chamada'),
                str('listTitle', 'Título da lista de documentos'),
                str('updated', 'Rótulo da data'),
                str('company', 'Título da empresa responsável'),
              ],
            },
            {
              name: 'notFound',
              label: 'Página 404',
              widget: 'object',
              fields: [
                str('seoTitle', 'Título da aba'),
                str('title', 'Título'),
                txt('text', 'Texto'),
                str('back', 'Botão de volta'),
              ],
            },
          ],
        },
        {
          name: 'gestao',
          label: 'Página de vendas (/gestao)',
          file: 'content/pages/gestao.yaml',
          preview_path: 'gestao',
          description:
            'Planos em "Planos (/gestao)", perguntas em "Perguntas frequentes" e o bloco Enterprise em "Bloco Enterprise" (o mesmo de /planos). O vídeo de demonstração vem dos dados da empresa.',
          fields: [
            seoWith(170),
            obj('header', 'Barra do topo', [str('cta', 'Botão')]),
            obj('hero', 'Topo da página', [
              str('eyebrow', 'Chamada acima do título'),
              str('title', 'Título principal'),
              txt('subtitle', 'Subtítulo'),
              str('primaryCta', 'Botão principal'),
              str('secondaryCta', 'Botão "como funciona"'),
              strings('badges', 'Selos'),
            ]),
            mockDashboard('dashboard', 'Painel ilustrativo do topo', [str('caption', 'Legenda')]),
            obj('pains', 'Dores', [
              str('title', 'Título'),
              txt('subtitle', 'Subtítulo'),
              titledItems('owners', 'Proprietários'),
              titledItems('brokers', 'Corretores e imobiliárias'),
            ]),
            obj('features', 'Grupos de funcionalidades', [
              str('title', 'Título'),
              txt('subtitle', 'Subtítulo'),
              {
                name: 'groups',
                label: 'Grupos',
                widget: 'list',
                fields: [
                  { name: 'icon', label: 'Ícone', widget: 'select', options: [...GESTAO_ICONS] },
                  str('title', 'Título'),
                  txt('text', 'Texto'),
                  strings('items', 'Itens'),
                ],
              },
            ]),
            obj('howItWorks', 'Como funciona', [
              str('title', 'Título'),
              txt('subtitle', 'Subtítulo'),
              cards('steps', 'Passos'),
              str('videoCta', 'Botão do vídeo'),
            ]),
            obj('video', 'Vídeo de demonstração', [
              str('title', 'Título'),
              txt('description', 'Descrição'),
              str('playLabel', 'Botão reproduzir'),
              str('closeLabel', 'Botão fechar'),
              str('notice', 'Aviso sobre o YouTube'),
            ]),
            obj('featureList', 'Lista de funcionalidades', [
              str('title', 'Título'),
              txt('subtitle', 'Subtítulo'),
              strings('items', 'Itens'),
            ]),
            obj('numbers', 'Números', [
              str('title', 'Título'),
              {
                name: 'items',
                label: 'Números',
                widget: 'list',
                fields: [str('value', 'Valor'), str('label', 'Texto')],
              },
            ]),
            obj('pricing', 'Planos', [
              str('title', 'Título'),
              txt('subtitle', 'Subtítulo'),
              ...priceTableLabels,
              str('supportAsIs', 'Suporte quando o plano já diz "Suporte…"'),
            ]),
            obj('implementationFee', 'Taxa de implementação', [
              str('title', 'Título (o valor vem dos termos comerciais)'),
              str('freeOnAnnual', 'Selo do plano anual'),
              txt('text', 'Texto'),
            ]),
            obj('faq', 'Perguntas frequentes', [str('title', 'Título'), txt('subtitle', 'Subtítulo')]),
            obj('finalCta', 'Chamada final', [str('title', 'Título'), txt('text', 'Texto'), str('cta', 'Botão')]),
          ],
        },
        {
          name: 'implementation-page',
          label: 'Pedido de implementação (/implementacao-sistema)',
          file: 'content/pages/implementation-page.yaml',
          preview_path: 'implementacao-sistema',
          description: 'As mensagens de erro do formulário ficam com os desenvolvedores.',
          fields: [
            seo,
            str('eyebrow', 'Chamada acima do título'),
            str('title', 'Título'),
            txt('intro', 'Introdução'),
            txt('privacyNote', 'Aviso de privacidade dos documentos'),
            str('requiredNote', 'Aviso dos campos obrigatórios'),
            obj('form', 'Formulário', [
              str('formLabel', 'Nome do formulário (leitores de tela)'),
              obj('tipoDocumento', 'Tipo de cadastro', [
                str('legend', 'Pergunta'),
                str('cpf', 'Pessoa física'),
                str('cnpj', 'Pessoa jurídica'),
              ]),
              obj('sections', 'Títulos das seções', [
                str('cpf', 'Pessoa física'),
                str('cnpj', 'Empresa'),
                str('responsavel', 'Responsável'),
                str('acesso', 'Acesso'),
              ]),
              obj(
                'fields',
                'Campos',
                [
                  labelled('cpf', 'CPF'),
                  labelled('nomeCompleto', 'Nome completo'),
                  labelled('celular', 'Celular'),
                  labelled('email', 'E-mail'),
                  labelled('cnh', 'CNH', false),
                  labelled('cnpj', 'CNPJ'),
                  labelled('razaoSocial', 'Razão social'),
                  labelled('responsavelCpf', 'CPF do responsável'),
                  labelled('responsavelNome', 'Nome do responsável'),
                  labelled('responsavelCelular', 'Celular do responsável'),
                  labelled('responsavelEmail', 'E-mail do responsável'),
                  labelled('responsavelCnh', 'CNH do responsável', false),
                  labelled('emailAcesso', 'E-mail de acesso'),
                  labelled('senha', 'Senha'),
                ],
                { collapsed: true },
              ),
              obj('file', 'Envio de arquivos', [
                str('hint', 'Formatos aceitos'),
                str('choose', 'Botão escolher'),
                str('remove', 'Botão remover'),
                str('removed', 'Aviso de arquivo removido'),
              ]),
              obj('confirmation', 'Confirmação depois do envio', [
                str('title', 'Título'),
                str('referenceLabel', 'Rótulo do número'),
                txt('referenceNote', 'Texto do número'),
                str('nextTitle', 'Título dos próximos passos'),
                strings('next', 'Próximos passos'),
                str('callsTitle', 'Título das chamadas'),
                cards('calls', 'Chamadas'),
              ]),
              str('cnpjHint', 'Dica do CNPJ'),
              str('showPassword', 'Mostrar senha'),
              str('hidePassword', 'Ocultar senha'),
              str('uploadProgressLabel', 'Progresso do envio (leitores de tela)'),
            ]),
          ],
        },
        {
          name: 'enterprise',
          label: 'Bloco Enterprise (/planos e /gestao)',
          file: 'content/pages/enterprise.yaml',
          fields: [str('title', 'Selo'), str('heading', 'Título'), txt('text', 'Texto'), str('cta', 'Botão')],
        },
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
            {
              name: 'cta',
              label: 'Convite no fim de cada post',
              widget: 'object',
              fields: [str('title', 'Título'), txt('text', 'Texto'), str('button', 'Botão')],
            },
            str('rssTitle', 'Título do feed RSS'),
          ],
        },
      ],
    },
    {
      name: 'mensagens',
      label: 'Mensagens dos formulários',
      files: [
        {
          name: 'lead',
          label: 'Formulário de contato',
          file: 'content/messages/lead.yaml',
          description:
            'A janela "Solicitar contato", /contato, as páginas de parceiros e /gestao. Vários textos são do SPEC palavra por palavra e os testes os conferem: mude-os só junto com a especificação.',
          fields: [
            {
              name: 'tipoLabels',
              label: 'Tipos de contato',
              widget: 'object',
              fields: [
                str('proprietario', 'Proprietário'),
                str('corretor', 'Corretor'),
                str('administrador', 'Administrador'),
                str('imobiliaria', 'Imobiliária'),
              ],
            },
            {
              name: 'fieldLabels',
              label: 'Rótulos dos campos',
              widget: 'object',
              fields: [
                str('nome', 'Nome'),
                str('email', 'E-mail'),
                str('celular', 'Celular'),
                str('tipo', 'Tipo'),
                str('tipoPlaceholder', 'Tipo: opção vazia'),
                str('empresa', 'Empresa'),
                str('mensagem', 'Mensagem'),
                str('mensagemPlaceholder', 'Mensagem: exemplo dentro do campo'),
              ],
            },
            {
              name: 'placeholders',
              label: 'Exemplos dentro dos campos',
              widget: 'object',
              fields: [
                str('nome', 'Nome'),
                str('email', 'E-mail'),
                str('celular', 'Celular'),
                str('empresa', 'Empresa'),
              ],
            },
            {
              name: 'validationMessages',
              label: 'Mensagens de validação',
              widget: 'object',
              fields: [
                str('nome', 'Nome'),
                str('celular', 'Celular'),
                str('email', 'E-mail'),
                str('tipo', 'Tipo'),
                str('empresa', 'Empresa'),
                str('tooLong', 'Texto longo demais'),
              ],
            },
            {
              name: 'submitLabels',
              label: 'Botão de enviar',
              widget: 'object',
              fields: [str('idle', 'Parado'), str('busy', 'Enviando')],
            },
            {
              name: 'toasts',
              label: 'Avisos depois do envio',
              widget: 'object',
              fields: [
                {
                  name: 'success',
                  label: 'Enviado',
                  widget: 'object',
                  fields: [str('title', 'Título'), str('description', 'Texto')],
                },
                {
                  name: 'failure',
                  label: 'Erro',
                  widget: 'object',
                  fields: [str('title', 'Título'), str('description', 'Texto')],
                },
                {
                  name: 'savedLater',
                  label: 'Enviado, mas não salvo',
                  widget: 'object',
                  fields: [str('title', 'Título'), str('description', 'Texto')],
                },
              ],
            },
            txt('rateLimitMessage', 'Muitas tentativas'),
            txt('serverErrorSummary', 'Erros no envio sem JavaScript'),
            {
              name: 'leadDialogs',
              label: 'Janela de contato, conforme o botão',
              widget: 'object',
              hint: '{replyPromise} é a promessa de resposta; {trialDays}, os dias de teste; {noCard}, o selo "Sem cartão de crédito".',
              fields: [
                {
                  name: 'contato',
                  label: 'Contato',
                  widget: 'object',
                  fields: [str('title', 'Título'), slotted('description', 'Texto', 'replyPromise')],
                },
                {
                  name: 'teste',
                  label: 'Teste grátis',
                  widget: 'object',
                  fields: [slotted('title', 'Título', 'trialDays'), slotted('description', 'Texto', 'replyPromise')],
                },
                {
                  name: 'demonstracao',
                  label: 'Demonstração',
                  widget: 'object',
                  fields: [str('title', 'Título'), slotted('description', 'Texto', 'replyPromise')],
                },
              ],
            },
            {
              name: 'leadEmail',
              label: 'E-mail para a equipe',
              widget: 'object',
              collapsed: true,
              fields: [
                str('toName', 'Destinatário'),
                slotted('subject', 'Assunto', 'nome', 'tipo'),
                str('empty', 'Campo não preenchido'),
                str('heading', 'Título'),
                slotted('intro', 'Abertura', 'toName'),
                {
                  name: 'labels',
                  label: 'Rótulos',
                  widget: 'object',
                  fields: (
                    [
                      ['from_name', 'Nome'],
                      ['from_email', 'E-mail'],
                      ['phone', 'Celular'],
                      ['user_type', 'Tipo'],
                      ['company', 'Empresa'],
                      ['mensagem', 'Mensagem'],
                      ['pagina_origem', 'Página de origem'],
                      ['utm_source', 'UTM source'],
                      ['utm_medium', 'UTM medium'],
                      ['utm_campaign', 'UTM campaign'],
                      ['current_date', 'Data'],
                    ] as const
                  ).map(([name, label]) => str(name, label)),
                },
                str('replyHint', 'Dica de resposta'),
              ],
            },
          ],
        },
        {
          name: 'lgpd',
          label: 'Solicitações LGPD (/lgpd)',
          file: 'content/messages/lgpd.yaml',
          description:
            'O formulário "Exercer meus direitos", as respostas, a página de confirmação, o e-mail com o link e o aviso à equipe. O prazo de resposta (15 dias) é da lei: {days} o escreve.',
          fields: [
            obj(
              'dsrTipoLabels',
              'Direitos, na ordem do formulário',
              (
                [
                  ['confirmacao_acesso', 'Confirmação e acesso'],
                  ['correcao', 'Correção'],
                  ['anonimizacao_eliminacao', 'Anonimização ou eliminação'],
                  ['portabilidade', 'Portabilidade'],
                  ['compartilhamento', 'Compartilhamento'],
                  ['revogacao_consentimento', 'Revogação do consentimento'],
                  ['oposicao', 'Oposição'],
                  ['revisao_decisao_automatizada', 'Revisão de decisão automatizada'],
                ] as const
              ).map(([name, label]) => str(name, label)),
            ),
            obj('dsrForm', 'Formulário', [
              str('title', 'Título'),
              { ...slotted('intro', 'Introdução', 'days'), widget: 'text' },
              obj(
                'labels',
                'Rótulos',
                (
                  [
                    ['tipo', 'Direito'],
                    ['tipoPlaceholder', 'Direito: opção vazia'],
                    ['nome', 'Nome'],
                    ['email', 'E-mail'],
                    ['cpf', 'CPF'],
                    ['cpfHint', 'CPF: ajuda'],
                    ['detalhes', 'Detalhes'],
                    ['detalhesPlaceholder', 'Detalhes: exemplo dentro do campo'],
                  ] as const
                ).map(([name, label]) => str(name, label)),
              ),
              obj('placeholders', 'Exemplos dentro dos campos', [
                str('nome', 'Nome'),
                str('email', 'E-mail'),
                str('cpf', 'CPF'),
              ]),
              obj('submit', 'Botão', [str('idle', 'Botão'), str('busy', 'Botão enviando')]),
            ]),
            obj('dsrValidationMessages', 'Mensagens de validação', [
              str('tipo', 'Direito'),
              str('nome', 'Nome'),
              str('email', 'E-mail'),
              str('cpf', 'CPF'),
              str('tooLong', 'Texto longo demais'),
            ]),
            obj('dsrAnswers', 'Respostas depois do envio', [
              obj('filed', 'Enviada', [str('title', 'Título'), txt('text', 'Texto')]),
              str('failure', 'Falha'),
              str('rateLimited', 'Muitas tentativas'),
              str('invalid', 'Campos a corrigir'),
              str('back', 'Link de volta'),
            ]),
            obj('dsrConfirmPage', 'Página de confirmação (/lgpd/confirmar)', [
              str('seoTitle', 'Título da aba'),
              str('seoDescription', 'Descrição'),
              obj('pending', 'Antes de confirmar', [
                str('title', 'Título'),
                str('text', 'Texto'),
                str('button', 'Botão'),
              ]),
              obj('confirmed', 'Confirmada', [
                str('title', 'Título'),
                { ...slotted('text', 'Texto', 'due', 'days'), widget: 'text' },
              ]),
              obj('invalid', 'Link inválido', [str('title', 'Título'), txt('text', 'Texto')]),
              obj('expired', 'Link expirado', [str('title', 'Título'), txt('text', 'Texto')]),
              obj('used', 'Link já usado', [str('title', 'Título'), txt('text', 'Texto')]),
              str('newRequest', 'Link para nova solicitação'),
            ]),
            obj('dsrConfirmationEmail', 'E-mail com o link de confirmação', [
              str('subject', 'Assunto'),
              str('greeting', 'Saudação'),
              { ...slotted('body', 'Texto', 'tipo'), widget: 'text' },
              str('button', 'Botão'),
              str('ignore', 'Se não foi você'),
              str('linkRemoved', 'No lugar do link já usado'),
            ]),
            obj('dsrTeamEmail', 'Aviso à equipe', [
              slotted('subject', 'Assunto', 'tipo', 'due'),
              { ...slotted('intro', 'Abertura', 'days'), widget: 'text' },
              obj(
                'labels',
                'Rótulos',
                (
                  [
                    ['tipo', 'Direito'],
                    ['nome', 'Nome'],
                    ['email', 'E-mail'],
                    ['cpf', 'CPF'],
                    ['detalhes', 'Detalhes'],
                    ['criadaEm', 'Recebida em'],
                    ['prazo', 'Prazo de resposta'],
                    ['link', 'Link para a área administrativa'],
                  ] as const
                ).map(([name, label]) => str(name, label)),
              ),
              str('empty', 'Campo não preenchido'),
            ]),
          ],
        },
      ],
    },
    {
      name: 'configuracoes',
      label: 'Configurações',
      files: [
        {
          name: 'company',
          label: 'Dados da empresa',
          file: 'content/settings/company.yaml',
          description:
            'Telefone, e-mail, CNPJ e encarregado aparecem no rodapé, em /contato, nas páginas legais e nos e-mails. Enquanto algum valor for o provisório de fábrica, a publicação avisa (e a de produção para).',
          fields: [
            str('phone', 'Telefone', { hint: 'Como aparece no site: (11) 3333-4444.' }),
            str('email', 'E-mail comercial'),
            str('whatsappNumber', 'WhatsApp', {
              hint: 'Só números, com o código do país e o DDD: 5511912345678.',
              pattern: ['^\\d{12,13}$', 'Use só números, com o código do país e o DDD, como 5511912345678.'],
            }),
            str('cnpj', 'CNPJ', {
              pattern: [
                '^\\d{2}\\.\\d{3}\\.\\d{3}/\\d{4}-\\d{2}$',
                'Use o CNPJ com pontuação, como 12.345.678/0001-90.',
              ],
            }),
            str('legalName', 'Razão social'),
            str('appUrl', 'Endereço do aplicativo (botão "Acessar")', { hint: 'Completo, com https://.' }),
            str('instagramUrl', 'Instagram', { hint: 'Endereço completo do perfil, com https://.' }),
            str('encarregadoNome', 'Encarregado de dados (LGPD): nome'),
            str('encarregadoEmail', 'Encarregado de dados (LGPD): e-mail'),
            str('demoVideoId', 'Vídeo de demonstração (/gestao)', {
              hint: 'O código do vídeo no YouTube: o que vem depois de v= no endereço.',
            }),
          ],
        },
        {
          name: 'site',
          label: 'Marca, menu, condições e números',
          file: 'content/settings/site.yaml',
          description:
            'Valem para o site inteiro: o nome e o slogan, o horário de atendimento, o menu, as condições comerciais citadas nos textos, os selos e os números de destaque.',
          fields: [
            {
              name: 'brand',
              label: 'Marca',
              widget: 'object',
              fields: [
                str('name', 'Nome'),
                str('tagline', 'Slogan'),
                txt('description', 'Descrição (Google e redes sociais)'),
              ],
            },
            {
              name: 'contact',
              label: 'Atendimento',
              widget: 'object',
              fields: [
                str('city', 'Cidade'),
                str('supportHours', 'Horário de atendimento'),
                str('supportHoursShort', 'Horário de atendimento (curto)'),
                str('replyPromise', 'Promessa de resposta'),
                str('whatsappGreeting', 'Mensagem inicial do WhatsApp'),
              ],
            },
            {
              name: 'links',
              label: 'Endereços',
              widget: 'object',
              fields: [str('blog', 'Blog (rodapé)', { hint: '/blog, ou o endereço completo de um blog externo.' })],
            },
            { name: 'nav', label: 'Menu', widget: 'list', fields: [str('label', 'Texto'), str('href', 'Endereço')] },
            {
              name: 'terms',
              label: 'Condições comerciais',
              widget: 'object',
              collapsed: true,
              fields: [
                int('trialDays', 'Dias de teste grátis'),
                int('refundDays', 'Dias de garantia'),
                int('implementationFeeCents', 'Taxa de implementação (centavos)'),
                int('implementationCalls', 'Reuniões de implementação'),
                int('implementationHours', 'Prazo de implementação (horas)'),
                int('enterpriseFromProperties', 'Enterprise a partir de (imóveis)'),
                str('annualSavingsPlans', 'Economia no anual (/planos)'),
                str('annualSavingsGestao', 'Economia no anual (/gestao)'),
                int('annualFreeMonths', 'Meses grátis no anual'),
                int('minPlanProperties', 'Mínimo de imóveis por plano'),
                int('maxPlanProperties', 'Máximo de imóveis por plano'),
                int('overdueSuspensionDays', 'Dias de atraso até suspender'),
                int('priceAdjustmentNoticeDays', 'Aviso de reajuste (dias)'),
                int('minimumAge', 'Idade mínima'),
                int('lgpdReplyDays', 'Prazo de resposta LGPD (dias)'),
                int('dataRetentionYears', 'Guarda de dados (anos)'),
                int('replyHours', 'Prazo de resposta comercial (horas)'),
              ],
            },
            {
              name: 'claims',
              label: 'Selos',
              widget: 'object',
              fields: [
                str('trial', 'Teste grátis'),
                str('noCard', 'Sem cartão'),
                str('cancelAnytime', 'Cancelamento'),
                str('support', 'Suporte'),
                str('security', 'Segurança'),
                str('implementation', 'Implementação'),
                str('guarantee', 'Garantia'),
              ],
            },
            {
              name: 'figures',
              label: 'Números de destaque',
              widget: 'object',
              collapsed: true,
              fields: (
                [
                  ['propertiesManaged', 'Imóveis gerenciados'],
                  ['satisfaction', 'Satisfação dos clientes'],
                  ['adminTimeSaved', 'Tempo administrativo poupado'],
                  ['clients', 'Clientes'],
                  ['properties', 'Imóveis na plataforma'],
                  ['timeReduction', 'Redução no tempo de gestão'],
                  ['satisfactionAlt', 'Satisfação (outra medida)'],
                  ['migrate', 'Migram de planilhas'],
                  ['lessDefault', 'Menos inadimplência'],
                ] as const
              ).map(([name, label]) => ({
                name,
                label,
                widget: 'object',
                fields: [str('value', 'Valor'), str('label', 'O que mede')],
              })),
            },
          ],
        },
        {
          name: 'cookie-consent',
          label: 'Aviso e preferências de cookies',
          file: 'content/settings/cookie-consent.yaml',
          description:
            'A faixa de cookies e a janela de preferências. Mudar a finalidade ou a base legal de uma categoria muda o que o visitante aceitou: peça junto uma nova versão do aviso a um desenvolvedor, para todos serem perguntados de novo.',
          fields: [
            {
              name: 'banner',
              label: 'Faixa',
              widget: 'object',
              fields: [
                str('title', 'Título'),
                txt('text', 'Texto'),
                str('policyLink', 'Link da política'),
                str('policyHref', 'Endereço da política'),
                str('acceptAll', 'Botão aceitar'),
                str('rejectAll', 'Botão rejeitar'),
                str('customize', 'Botão personalizar'),
              ],
            },
            {
              name: 'preferences',
              label: 'Janela de preferências',
              widget: 'object',
              fields: [
                str('title', 'Título'),
                txt('intro', 'Introdução'),
                { ...slotted('validity', 'Validade da escolha', 'months'), widget: 'text' },
                str('alwaysOn', 'Essenciais: sempre ativos'),
                str('toolsLabel', 'Rótulo das ferramentas'),
                str('save', 'Botão salvar'),
                str('acceptAll', 'Botão aceitar'),
                str('rejectAll', 'Botão rejeitar'),
                str('close', 'Botão fechar'),
                str('saved', 'Aviso de escolha salva (leitores de tela)'),
              ],
            },
            {
              name: 'categories',
              label: 'Categorias',
              widget: 'object',
              fields: [
                {
                  name: 'essential',
                  label: 'Essenciais',
                  widget: 'object',
                  fields: [str('title', 'Nome'), txt('purpose', 'Finalidade'), txt('legalBasis', 'Base legal')],
                },
                {
                  name: 'analytics',
                  label: 'Análise',
                  widget: 'object',
                  fields: [str('title', 'Nome'), txt('purpose', 'Finalidade'), txt('legalBasis', 'Base legal')],
                },
                {
                  name: 'functionality',
                  label: 'Funcionalidade',
                  widget: 'object',
                  fields: [str('title', 'Nome'), txt('purpose', 'Finalidade'), txt('legalBasis', 'Base legal')],
                },
                {
                  name: 'marketing',
                  label: 'Marketing',
                  widget: 'object',
                  fields: [str('title', 'Nome'), txt('purpose', 'Finalidade'), txt('legalBasis', 'Base legal')],
                },
              ],
            },
            {
              name: 'tools',
              label: 'Ferramentas de terceiros',
              widget: 'object',
              fields: [str('ga4', 'Google Analytics 4'), str('meta', 'Pixel da Meta')],
            },
            {
              name: 'footerLink',
              label: 'Link do rodapé',
              widget: 'object',
              fields: [str('label', 'Texto'), str('href', 'Endereço sem JavaScript')],
            },
            {
              name: 'messages',
              label: 'Mensagens',
              widget: 'object',
              fields: [txt('unknownVersion', 'Versão do aviso desconhecida')],
            },
          ],
        },
        {
          name: 'business-hours',
          label: 'Horário comercial e feriados',
          file: 'content/settings/business-hours.yaml',
          description:
            'Vale para a promessa "Respondemos em até 2 horas em horário comercial": a caixa de entrada marca como atrasado o contato ainda "novo" depois desse prazo.',
          fields: [
            str('timeZone', 'Fuso horário', { hint: 'Como America/Sao_Paulo.' }),
            str('opensAt', 'Abre às', { pattern: [CLOCK_PATTERN, CLOCK_MESSAGE] }),
            str('closesAt', 'Fecha às', { pattern: [CLOCK_PATTERN, CLOCK_MESSAGE] }),
            {
              name: 'weekdays',
              label: 'Dias úteis',
              widget: 'select',
              multiple: true,
              options: ['Domingo', 'Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado'].map((label, value) => ({
                label,
                value,
              })),
            },
            int('replyPromiseMinutes', 'Prazo de resposta (minutos de horário comercial)', { min: 1 }),
            {
              name: 'fixedHolidays',
              label: 'Feriados de data fixa (MM-DD, todo ano)',
              widget: 'list',
              field: str('day', 'Dia', { pattern: [MONTH_DAY_PATTERN, MONTH_DAY_MESSAGE] }),
            },
            {
              name: 'easterHolidayOffsets',
              label: 'Feriados contados da Páscoa (dias; −2 é a Sexta-feira Santa, 60 é Corpus Christi)',
              widget: 'list',
              field: int('days', 'Dias'),
            },
            {
              name: 'extraClosedDates',
              label: 'Outros dias fechados (AAAA-MM-DD)',
              widget: 'list',
              required: false,
              field: str('date', 'Data', { pattern: [ISO_DATE_PATTERN, ISO_DATE_MESSAGE] }),
            },
          ],
        },
      ],
    },
    folder('plans', 'Planos (/planos)', 'Plano', planFields),
    folder('gestao-plans', 'Planos (/gestao)', 'Plano', planFields),
    folder(
      'partners',
      'Parceiros',
      'Parceiro',
      [
        str('name', 'Nome exibido', { hint: 'Aparece como "Recomendado por {nome}".' }),
        bool('active', 'Ativo (página no ar)'),
        bool('vanity', 'Também no endereço curto /{identificador}'),
        txt('quote', 'Frase do parceiro', {
          required: false,
          pattern: ['^[\\s\\S]{0,240}$', 'A frase do parceiro pode ter no máximo 240 caracteres.'],
        }),
        str('offer', 'Oferta', {
          required: false,
          pattern: ['^[\\s\\S]{0,160}$', 'A oferta pode ter no máximo 160 caracteres.'],
        }),
        {
          name: 'photo',
          label: 'Foto (opcional)',
          widget: 'image',
          required: false,
          choose_url: false,
          hint: 'Quadrada, de preferência (aparece redonda, 96 × 96). JPG, PNG ou WebP.',
          // The site resizes files under src/assets/conteudo; the path is written relative to the
          // partner's file, as the build reads it.
          media_folder: '/src/assets/conteudo',
          public_folder: '../../src/assets/conteudo',
        },
        order,
      ],
      {
        preview_path: 'parceiro/{{slug}}',
        // The file name is the partner's address: /parceiro/{slug}, made from the name on creation.
        description:
          'O endereço /parceiro/{identificador} vem do nome, na criação. Um parceiro inativo volta a ser tratado como um nome desconhecido.',
      },
    ),
    folder(
      'faqs',
      'Perguntas frequentes',
      'Pergunta',
      [
        {
          name: 'page',
          label: 'Página',
          widget: 'select',
          options: [
            { label: '/planos', value: 'planos' },
            { label: '/gestao', value: 'gestao' },
          ],
        },
        str('question', 'Pergunta', { pattern: ['^[\\s\\S]{5,}$', 'A pergunta precisa de ao menos 5 caracteres.'] }),
        txt('answer', 'Resposta', { pattern: ['^[\\s\\S]{10,}$', 'A resposta precisa de ao menos 10 caracteres.'] }),
        order,
      ],
      { identifier_field: 'question', summary: '{{page}} · {{question}}' },
    ),
    folder(
      'features',
      'Funcionalidades (abas)',
      'Aba',
      [
        str('label', 'Nome da aba'),
        str('title', 'Título'),
        txt('summary', 'Resumo'),
        { name: 'items', label: 'Itens (ao menos 3)', widget: 'list', min: 3, field: str('item', 'Item') },
        str('result', 'Resultado (frase abaixo da lista)'),
        {
          name: 'dashboard',
          label: 'Painel ilustrativo',
          widget: 'object',
          collapsed: true,
          fields: [
            str('title', 'Título'),
            {
              name: 'metrics',
              label: 'Indicadores',
              widget: 'list',
              min: 2,
              fields: [str('label', 'Nome'), str('value', 'Valor')],
            },
            {
              name: 'rows',
              label: 'Linhas',
              widget: 'list',
              min: 2,
              fields: [str('label', 'Descrição'), str('value', 'Valor'), str('status', 'Situação')],
            },
          ],
        },
        order,
      ],
      { identifier_field: 'label' },
    ),
    folder('add-ons', 'Serviços adicionais', 'Serviço adicional', [
      str('name', 'Nome'),
      txt('description', 'Descrição'),
      price('price', 'Preço', { required: false, hint: 'Em reais, com vírgula: 4,90. Vazio: "Sob consulta".' }),
      str('unit', 'Unidade', { hint: 'por mês, por documento, sob consulta…' }),
      order,
    ]),
  ],
};
