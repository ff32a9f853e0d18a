/**
 * The short limit lines of a plan card ("Até 150 imóveis", "2 usuários"…), built
 * from a plan's numbers and the page's own wording, so /planos and /gestao can
 * phrase them differently without retyping any limit.
 */

export interface PlanLimits {
  properties: number;
  users: number;
  storage: string;
  support: string;
}

/** Wording for the lines; `{n}` is replaced by the plan's value. */
export interface PlanFeatureLabels {
  /** e.g. 'Até {n} imóveis'. */
  properties: string;
  /** Singular and plural: ['{n} usuário', '{n} usuários']. */
  users: readonly [one: string, other: string];
  /** e.g. '{n} de armazenamento'. */
  storage: string;
  /** e.g. 'Suporte: {n}'. */
  support: string;
}

const fill = (template: string, value: string | number) => template.replaceAll('{n}', String(value));

/**
 * The card's limit lines, in display order: properties, users, storage, support.
 * @example planFeatureLines(
 *   { properties: 150, users: 2, storage: '10GB', support: 'WhatsApp e e-mail' },
 *   { properties: 'Até {n} imóveis', users: ['{n} usuário', '{n} usuários'], storage: '{n} de armazenamento', support: 'Suporte por {n}' },
 * ) // ['Até 150 imóveis', '2 usuários', '10GB de armazenamento', 'Suporte por WhatsApp e e-mail']
 */
export function planFeatureLines(plan: PlanLimits, labels: PlanFeatureLabels): string[] {
  return [
    fill(labels.properties, plan.properties),
    fill(plan.users === 1 ? labels.users[0] : labels.users[1], plan.users),
    fill(labels.storage, plan.storage),
    fill(labels.support, plan.support),
  ];
}
