// Blog copy: page titles and labels of /blog, post pages, tag pages and the RSS feed,
// and the two example posts seeded into an empty database (clearly marked as examples).

export const blogCopy = {
  title: 'Blog da Pilota',
  heading: 'Blog',
  description:
    'Dicas práticas de gestão de aluguéis para proprietários, corretores, administradores e imobiliárias: contratos, cobrança, reajustes e inquilinos.',
  intro: 'Gestão de aluguéis sem planilha: guias práticos para quem administra imóveis.',
  empty: 'Nenhum post publicado ainda. Volte em breve!',
  publishedOn: 'Publicado em',
  updatedOn: 'Atualizado em',
  tagsLabel: 'Tags',
  readMore: 'Ler o post',
  backToBlog: 'Voltar para o blog',
  newer: 'Posts mais recentes',
  older: 'Posts anteriores',
  pagination: 'Paginação do blog',
  pageOf: (page: number, pageCount: number) => `Página ${page} de ${pageCount}`,
  pageTitle: (page: number) => `Blog da Pilota — página ${page}`,
  tagTitle: (tag: string) => `Posts sobre ${tag}`,
  tagDescription: (tag: string) => `Posts do blog da Pilota sobre ${tag}.`,
  tagPageTitle: (tag: string, page: number) => `Posts sobre ${tag} — página ${page}`,
  rssLabel: 'Assine o RSS',
  breadcrumb: 'Trilha de navegação',
  cta: {
    title: 'Quer automatizar a gestão dos seus aluguéis?',
    text: 'Fale com um consultor e veja a Pilota funcionando com os seus imóveis.',
    button: 'Falar com um consultor',
  },
} as const;

export const rssCopy = {
  title: 'Blog da Pilota',
  description: blogCopy.description,
  language: 'pt-BR',
} as const;

export interface ExamplePost {
  title: string;
  slug: string;
  excerpt: string;
  tags: string[];
  body: string;
}

const exampleNotice =
  '> **Post de exemplo.** Este texto foi criado automaticamente na primeira vez que o site subiu, para mostrar como o blog fica. Edite ou exclua em **/blog/admin/posts**.';

/**
 * Seeded once, on the first start of an empty database, as published posts flagged
 * `is_example`. Deleting them is permanent: they are not seeded again.
 */
export const examplePosts: ExamplePost[] = [
  {
    title: 'Exemplo: 5 passos para organizar a gestão dos seus aluguéis',
    slug: 'exemplo-5-passos-para-organizar-a-gestao-dos-seus-alugueis',
    excerpt:
      'Post de exemplo: um roteiro simples para sair das planilhas e ter contratos, cobranças e repasses sob controle.',
    tags: ['Exemplo', 'Gestão de imóveis'],
    body: `${exampleNotice}

Administrar imóveis de aluguel com planilhas e lembretes no celular funciona — até o dia em que um boleto não é emitido ou um reajuste passa em branco. Estes cinco passos ajudam a colocar a casa em ordem.

## 1. Reúna os contratos em um só lugar

Digitalize os contratos ativos e registre, para cada um: imóvel, proprietário, inquilino, valor, dia de vencimento, índice e mês de reajuste.

## 2. Padronize a cobrança

Defina **um** dia de vencimento por contrato e um único meio de pagamento principal (boleto ou PIX). Multa e juros por atraso devem estar no contrato e no boleto.

## 3. Automatize os lembretes

Inquilinos pagam em dia com mais frequência quando recebem um lembrete alguns dias antes do vencimento:

- 5 dias antes: lembrete com a 2ª via;
- no dia: aviso de vencimento;
- 3 dias depois: cobrança amigável.

## 4. Controle os reajustes

Anote o índice de cada contrato (IGP-M, IPCA ou outro) e o mês de aniversário. Um calendário de reajustes evita perder receita.

## 5. Preste contas ao proprietário

Um extrato mensal com recebimentos, descontos e repasse evita dúvidas e fortalece a relação.

---

Quer ver esses passos funcionando sozinhos? A Pilota faz cobrança, reajuste e repasse automaticamente.`,
  },
  {
    title: 'Exemplo: IGP-M ou IPCA, qual índice usar no reajuste do aluguel?',
    slug: 'exemplo-igp-m-ou-ipca-qual-indice-usar-no-reajuste-do-aluguel',
    excerpt: 'Post de exemplo: as diferenças entre os dois índices mais usados e como aplicar o reajuste anual.',
    tags: ['Exemplo', 'Reajuste'],
    body: `${exampleNotice}

O reajuste anual do aluguel segue o índice escolhido no contrato. Os dois mais comuns são o **IGP-M** e o **IPCA**.

## Como cada índice funciona

| Índice | Quem calcula | O que mede |
| --- | --- | --- |
| IGP-M | FGV | Preços no atacado, no consumo e na construção |
| IPCA | IBGE | Preços ao consumidor final |

## Como calcular o reajuste

Multiplique o aluguel atual pelo acumulado do índice nos últimos 12 meses. Exemplo com aluguel de R$ 2.000,00 e índice acumulado de 4,5%:

\`\`\`
2.000,00 × 1,045 = 2.090,00
\`\`\`

## Qual escolher?

Não existe resposta única: o importante é que o índice esteja escrito no contrato e que o reajuste seja aplicado **no mês certo**, todos os anos.

> Este conteúdo é apenas ilustrativo e não substitui orientação jurídica.`,
  },
];
