/*
 * What the site derives from the editors' settings (content/settings/company.yaml and
 * site.yaml): the tel: and wa.me links, the CNPJ line, the encarregado. Plain functions, so
 * the build's modules (src/copy/) and the Playwright tests, which read the files from disk,
 * derive the same values.
 */
import type { CompanyFacts, SiteSettings } from './content-schemas';
import { phoneDigits, telHref } from './phone';

export function contactOf(company: CompanyFacts, contact: SiteSettings['contact']) {
  const { whatsappGreeting, ...hours } = contact;
  return {
    phone: company.phone,
    /** `phone` with the country code, for tel: links; a number without a DDD (a 0800) is dialled as written. */
    phoneHref: telHref(company.phone) ?? `tel:${phoneDigits(company.phone)}`,
    email: company.email,
    whatsappUrl: `https://wa.me/${company.whatsappNumber}?text=${encodeURIComponent(whatsappGreeting)}`,
    companyRegistration: `CNPJ ${company.cnpj}`,
    legalName: company.legalName,
    ...hours,
  };
}

export function linksOf(company: CompanyFacts, links: SiteSettings['links']) {
  return {
    /** The blog: an outside URL sends visitors to an external blog instead. */
    blog: links.blog,
    /** The product's web app, opened in a new tab by 'Acessar'. */
    app: company.appUrl,
    instagram: company.instagramUrl,
  };
}

/** LGPD art. 41: the encarregado's identity and contact, published on the site. */
export function encarregadoOf(company: CompanyFacts) {
  return { nome: company.encarregadoNome, email: company.encarregadoEmail };
}
