import { describe, expect, it } from 'vitest';
import { plans } from '../../src/lib/content-data';
import { plansPage } from '../../src/lib/content-data';
import { planFeatureLines } from '../../src/lib/plan-features';

describe('planFeatureLines', () => {
  const labels = {
    properties: 'Até {n} imóveis',
    users: ['{n} usuário', '{n} usuários'],
    storage: '{n} de armazenamento',
    support: 'Suporte por {n}',
  } as const;

  it('fills every template and picks the singular for one user', () => {
    expect(planFeatureLines({ properties: 3, users: 1, storage: '5GB', support: 'e-mail' }, labels)).toEqual([
      'Até 3 imóveis',
      '1 usuário',
      '5GB de armazenamento',
      'Suporte por e-mail',
    ]);
  });

  it('uses the plural from two users on', () => {
    expect(planFeatureLines({ properties: 300, users: 3, storage: '20GB', support: 'x' }, labels)[1]).toBe(
      '3 usuários',
    );
  });

  // The /planos wording against SPEC §9's limits, written by hand.
  it.each([
    ['Iniciante', ['Até 3 imóveis', '1 usuário', '5GB de armazenamento']],
    ['Profissional', ['Até 150 imóveis', '2 usuários', '10GB de armazenamento']],
    ['Imobiliária', ['Até 300 imóveis', '3 usuários', '20GB de armazenamento']],
  ])('/planos card %s', (name, expected) => {
    const plan = plans.find((p) => p.name === name)!;
    expect(planFeatureLines(plan, plansPage.planFeatures).slice(0, 3)).toEqual(expected);
  });
});
