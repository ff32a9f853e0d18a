/*
 * The CMS's folder collections (one YAML file per item): plans, partners, questions,
 * features and add-ons.
 */
import { str, txt, bool, price, order, planFields, folder, imageWithAlt, type Field } from './fields.ts';

export const folderCollections: Field[] = [
  folder('plans', 'Planos (/planos)', 'Plano', planFields),
  folder('gestao-plans', 'Planos (/gestao)', 'Plano', [
    ...planFields.filter((field) => field.name !== 'order'),
    {
      name: 'planosPlan',
      label: 'Mesmo plano em /planos',
      widget: 'relation',
      collection: 'plans',
      value_field: '{{slug}}',
      search_fields: ['name'],
      display_fields: ['name'],
      required: false,
      hint: 'Os dois pedem o mesmo preço mensal, e o mesmo anual a não ser que a explicação abaixo diga por quê; o build confere.',
    },
    txt('annualPriceNote', 'Por que o preço anual difere do de /planos', {
      required: false,
      hint: 'Só quando o preço anual é diferente de propósito. Vazio: os dois preços anuais precisam ser iguais.',
    }),
    order,
  ]),
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
      ...imageWithAlt('photo', 'Foto', {
        hint: 'Quadrada, de preferência (aparece redonda, 96 × 96). JPG, PNG ou WebP.',
        // The site resizes files under src/assets/conteudo; the path is written relative to the
        // partner's file, as the build reads it.
        media_folder: '/src/assets/conteudo',
        public_folder: '../../src/assets/conteudo',
      }),
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
];
