/**
 * The one-tap contact links of a lead: the WhatsApp greeting (the link itself is ./phone.ts
 * whatsappHref) and an e-mail with a subject. Pure functions of the lead's fields and the copy in
 * src/messages/lead-work.ts, so the links are the same on the list and the lead's page
 * and the unit tests read exactly what a salesperson's phone receives.
 */
import { leadContactCopy } from '~/messages/lead-work';

/** The first word of a name, or the whole (trimmed) name when it has one word. */
export const firstName = (name: string | null | undefined): string => (name ?? '').trim().split(/\s+/)[0] ?? '';

/**
 * The WhatsApp greeting: the template with the lead's and the salesperson's first names.
 * @example greetingText({ nome: 'João Araújo', vendedor: 'Ana Souza' })
 *   // 'Olá, João! Aqui é Ana, da Pilota. …'
 */
export function greetingText(
  people: { nome: string; vendedor: string | null | undefined },
  template: string = leadContactCopy.greeting,
): string {
  const values: Record<string, string> = {
    nome: firstName(people.nome),
    vendedor: firstName(people.vendedor) || leadContactCopy.vendedorFallback,
    empresa: leadContactCopy.empresa,
  };
  return template.replace(/\{(nome|vendedor|empresa)\}/g, (_, key: string) => values[key] ?? '');
}

/** `mailto:` with the subject of src/messages/lead-work.ts (encoded as RFC 6068 wants: %20, not +). */
export function mailtoHref(email: string | null | undefined, nome: string): string | undefined {
  if (!email) return undefined;
  return `mailto:${email}?subject=${encodeURIComponent(leadContactCopy.emailSubject(firstName(nome)))}`;
}
