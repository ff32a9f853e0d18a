/**
 * schema.org structured data (JSON-LD) that search engines read: the company on
 * every page, the plans as a product with offers in reais, and FAQ pages. Builders
 * take plain values (the components pass content/ in), so they are easy to test.
 */

export type JsonLdThing = { '@context'?: string; '@type': string } & Record<string, unknown>;

const CONTEXT = 'https://schema.org';

/**
 * Integer cents as the dot-decimal string schema.org prices use, without float error.
 * @example schemaPrice(149090) // "1490.90"
 */
export function schemaPrice(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

export interface OrganizationInput {
  name: string;
  legalName: string;
  description: string;
  /** Site root, absolute. */
  url: string;
  /** Absolute URL of the logo image. */
  logo: string;
  email: string;
  telephone: string;
  /** "São Paulo, SP" → locality and region. */
  city: string;
  sameAs: readonly string[];
}

/**
 * The company, with its customer-service contact point.
 * @example organizationLd({ name: 'Pilota', city: 'São Paulo, SP', … })['@type'] // "Organization"
 */
export function organizationLd(input: OrganizationInput): JsonLdThing {
  const [locality, region] = input.city.split(',').map((part) => part.trim());
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    '@id': `${input.url.replace(/\/$/, '')}/#organizacao`,
    name: input.name,
    legalName: input.legalName,
    description: input.description,
    url: input.url,
    logo: input.logo,
    email: input.email,
    telephone: input.telephone,
    address: {
      '@type': 'PostalAddress',
      addressLocality: locality,
      ...(region ? { addressRegion: region } : {}),
      addressCountry: 'BR',
    },
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      email: input.email,
      telephone: input.telephone,
      areaServed: 'BR',
      availableLanguage: 'pt-BR',
    },
    sameAs: [...input.sameAs],
  };
}

export interface PlanForOffer {
  name: string;
  description: string;
  monthlyCents: number;
  annualCents: number;
}

export interface ProductInput {
  name: string;
  description: string;
  brand: string;
  /** Absolute URL of the page showing the plans. */
  url: string;
  plans: readonly PlanForOffer[];
}

/**
 * The plans as one product: an AggregateOffer over one Offer per plan, each priced
 * by the month (UN/CEFACT unit MON) with the annual price as a second price
 * specification (ANN), in BRL.
 * @example productLd({ name: 'Pilota', plans: [{ name: 'Iniciante', monthlyCents: 4900, annualCents: 49000, … }], … })
 * // { "@type": "Product", offers: { "@type": "AggregateOffer", priceCurrency: "BRL", lowPrice: "49.00", … } }
 */
export function productLd(input: ProductInput): JsonLdThing {
  const monthly = input.plans.map((plan) => plan.monthlyCents);
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    name: input.name,
    description: input.description,
    brand: { '@type': 'Brand', name: input.brand },
    url: input.url,
    offers: {
      '@type': 'AggregateOffer',
      priceCurrency: 'BRL',
      lowPrice: schemaPrice(Math.min(...monthly)),
      highPrice: schemaPrice(Math.max(...monthly)),
      offerCount: input.plans.length,
      offers: input.plans.map((plan) => ({
        '@type': 'Offer',
        name: plan.name,
        description: plan.description,
        price: schemaPrice(plan.monthlyCents),
        priceCurrency: 'BRL',
        availability: 'https://schema.org/InStock',
        url: input.url,
        priceSpecification: [
          {
            '@type': 'UnitPriceSpecification',
            price: schemaPrice(plan.monthlyCents),
            priceCurrency: 'BRL',
            unitCode: 'MON',
            referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MON' },
          },
          {
            '@type': 'UnitPriceSpecification',
            price: schemaPrice(plan.annualCents),
            priceCurrency: 'BRL',
            unitCode: 'ANN',
            referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'ANN' },
          },
        ],
      })),
    },
  };
}

/**
 * An FAQ page from question/answer pairs, in the order shown.
 * @example faqPageLd([{ question: 'Posso cancelar?', answer: 'Pode.' }]).mainEntity[0].acceptedAnswer.text // "Pode."
 */
export function faqPageLd(items: readonly { question: string; answer: string }[]): JsonLdThing & {
  mainEntity: { '@type': 'Question'; name: string; acceptedAnswer: { '@type': 'Answer'; text: string } }[];
} {
  return {
    '@context': CONTEXT,
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

/**
 * JSON for a `<script type="application/ld+json">`: "<" is escaped so no text in
 * the data can close the script element early.
 * @example serializeJsonLd({ '@type': 'Thing', name: '</script>' }) // '{"@type":"Thing","name":"\\u003c/script>"}'
 */
export function serializeJsonLd(data: JsonLdThing | readonly JsonLdThing[]): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
