import { describe, expect, it } from 'vitest';
import { gestaoPlans, plans } from '../../src/lib/content-data';
import { faqPageLd, organizationLd, productLd, schemaPrice, serializeJsonLd } from '../../src/lib/structured-data';

describe.each([
  [4900, '49.00'],
  [7990, '79.90'],
  [149_090, '1490.90'],
  [5, '0.05'],
])('schemaPrice(%i)', (cents, expected) => {
  it(`is ${expected}`, () => expect(schemaPrice(cents)).toBe(expected));
});

describe('organizationLd', () => {
  it('splits the city into locality and region', () => {
    const org = organizationLd({
      name: 'Pilota',
      legalName: 'Pilota Tecnologia Ltda.',
      description: 'x',
      url: 'https://pilota.example/',
      logo: 'https://pilota.example/favicon.svg',
      email: 'a@b.c',
      telephone: '(11) 4000-0000',
      city: 'São Paulo, SP',
      sameAs: ['https://instagram.com/x'],
    });
    expect(org['@type']).toBe('Organization');
    expect(org['@id']).toBe('https://pilota.example/#organizacao');
    expect(org['address']).toMatchObject({ addressLocality: 'São Paulo', addressRegion: 'SP', addressCountry: 'BR' });
  });
});

describe('productLd', () => {
  it('offers the /gestao plans in BRL, monthly and annual', () => {
    const product = productLd({
      name: 'Pilota',
      description: 'x',
      brand: 'Pilota',
      url: 'https://p/gestao',
      plans: gestaoPlans,
    });
    const offers = product['offers'] as {
      lowPrice: string;
      highPrice: string;
      offerCount: number;
      offers: {
        name: string;
        price: string;
        priceCurrency: string;
        priceSpecification: { price: string; unitCode: string }[];
      }[];
    };
    expect(offers).toMatchObject({ lowPrice: '49.00', highPrice: '149.90', offerCount: 4 });
    const last = offers.offers[3]!;
    expect(last).toMatchObject({ name: 'Até 150 Imóveis', price: '149.90', priceCurrency: 'BRL' });
    expect(last.priceSpecification.map((spec) => [spec.unitCode, spec.price])).toEqual([
      ['MON', '149.90'],
      ['ANN', '1490.90'],
    ]);
  });

  it('covers the five /planos plans', () => {
    const product = productLd({ name: 'Pilota', description: 'x', brand: 'Pilota', url: 'https://p/planos', plans });
    expect(product['offers']).toMatchObject({ offerCount: 5, lowPrice: '49.00', highPrice: '299.90' });
  });
});

describe('faqPageLd', () => {
  it('turns each pair into a Question with an accepted Answer', () => {
    const faq = faqPageLd([{ question: 'Posso cancelar?', answer: 'Pode.' }]);
    expect(faq).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [
        { '@type': 'Question', name: 'Posso cancelar?', acceptedAnswer: { '@type': 'Answer', text: 'Pode.' } },
      ],
    });
  });
});

describe('serializeJsonLd', () => {
  it('cannot be closed early by its own text', () => {
    const json = serializeJsonLd({ '@type': 'Thing', name: '</script><script>alert(1)</script>' });
    expect(json).not.toContain('</script');
    expect(JSON.parse(json)).toEqual({ '@type': 'Thing', name: '</script><script>alert(1)</script>' });
  });
});
