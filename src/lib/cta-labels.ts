/*
 * The site's lead buttons in words the team reads in the reports: where the button is and
 * what it says, instead of the source id a lead and a beacon carry ("hero-teste-gratis").
 * One label per id of ~/lib/attribution.ts `CTA_SOURCES` (tests/unit/cta-labels.test.ts
 * fails when one is missing); an id the site no longer has is shown as it came, cut short.
 */
import { gestaoPlans, plans } from '~/lib/content-data';

const FIXED_LABELS: Readonly<Record<string, string>> = {
  nav: 'Menu do topo',
  'footer-demonstracao': 'Rodapé: Agendar demonstração',
  'hero-consultor': 'Início, topo: Falar com um consultor',
  'hero-teste-gratis': 'Início, topo: Começar teste grátis',
  'home-final': 'Início, fim da página',
  'sobre-final': 'Sobre, fim da página',
  'funcionalidades-final': 'Funcionalidades, fim da página',
  'planos-final': 'Planos, fim da página',
  'planos-enterprise': 'Planos: Enterprise',
  'gestao-header': 'Gestão: menu do topo',
  'gestao-hero': 'Gestão, topo da página',
  'gestao-enterprise': 'Gestão: Enterprise',
  'gestao-final': 'Gestão, fim da página',
  'blog-post': 'Blog: fim do artigo',
  'contato-formulario': 'Contato: formulário da página',
  'parceiro-hero': 'Página de parceiro, topo',
  'parceiro-hero-consultor': 'Página de parceiro, topo: Falar com um consultor',
  'parceiro-recursos': 'Página de parceiro: recursos',
  'parceiro-final': 'Página de parceiro, fim da página',
};

const LABELS: ReadonlyMap<string, string> = new Map([
  ...Object.entries(FIXED_LABELS),
  ...plans.flatMap((plan): [string, string][] => [
    [`plano-${plan.id}`, `Planos: plano ${plan.name}`],
    [`parceiro-plano-${plan.id}`, `Página de parceiro: plano ${plan.name}`],
  ]),
  ...gestaoPlans.map((plan): [string, string] => [`gestao-plano-${plan.id}`, `Gestão: plano ${plan.name}`]),
]);

/** How long an unknown id may run on a report's line. */
export const MAX_UNKNOWN_CTA_LENGTH = 40;

/**
 * A button's label for the reports: the site's own label, or an unknown id as it came, cut short.
 * @example ctaLabel('hero-teste-gratis') // "Início, topo: Começar teste grátis"
 * @example ctaLabel('plano-iniciante')   // "Planos: plano Iniciante"
 */
export function ctaLabel(source: string): string {
  const label = LABELS.get(source);
  if (label) return label;
  return source.length > MAX_UNKNOWN_CTA_LENGTH ? `${source.slice(0, MAX_UNKNOWN_CTA_LENGTH - 1)}…` : source;
}
