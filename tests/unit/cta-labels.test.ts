/*
 * The reports name the site's lead buttons in words (src/lib/cta-labels.ts): every source a
 * page can send has a label, and an unknown id is shown as it came, never longer than the bound.
 */
import { describe, expect, it } from 'vitest';
import { CTA_SOURCES } from '../../src/lib/attribution';
import { ctaLabel, MAX_UNKNOWN_CTA_LENGTH } from '../../src/lib/cta-labels';

describe('ctaLabel', () => {
  it('names every button of the site, none by its id', () => {
    for (const source of CTA_SOURCES) expect(ctaLabel(source), source).not.toBe(source);
    expect(ctaLabel('hero-teste-gratis')).toBe('Início, topo: Começar teste grátis');
    expect(ctaLabel('plano-iniciante')).toBe('Planos: plano Iniciante');
  });

  it('shows an unknown id as it came, cut to the bound', () => {
    expect(ctaLabel('botao-antigo')).toBe('botao-antigo');
    const long = ctaLabel('x'.repeat(500));
    expect(long).toHaveLength(MAX_UNKNOWN_CTA_LENGTH);
    expect(long.endsWith('…')).toBe(true);
  });
});
