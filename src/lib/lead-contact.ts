/**
 * The one-tap contact links of a lead: WhatsApp with a pre-filled greeting, a phone call
 * and an e-mail with a subject. Pure functions of the lead's fields and the copy in
 * src/messages/lead-work.ts, so the links are the same on the list and the lead's page
 * and the unit tests read exactly what a salesperson's phone receives.
 */
import { leadContactCopy } from '~/messages/lead-work';
import { nationalPhoneDigits } from './phone';

/** National digits (DDD + number, ./phone.ts reads every way people write them), empty when not a phone. */
const nationalDigits = (phone: string): string => nationalPhoneDigits(phone) ?? '';

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

/**
 * `https://wa.me/55…?text=…`, or undefined for a phone that cannot be dialled.
 * @example whatsappHref('(41) 99876-5432', 'Olá') // 'https://wa.me/5541998765432?text=Ol%C3%A1'
 */
export function whatsappHref(phone: string, text?: string): string | undefined {
  const digits = nationalDigits(phone);
  if (!digits) return undefined;
  return `https://wa.me/55${digits}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
}

/** `tel:+55…`, or undefined for a phone that cannot be dialled. */
export function telHref(phone: string): string | undefined {
  const digits = nationalDigits(phone);
  return digits ? `tel:+55${digits}` : undefined;
}

/** `mailto:` with the subject of src/messages/lead-work.ts (encoded as RFC 6068 wants: %20, not +). */
export function mailtoHref(email: string | null | undefined, nome: string): string | undefined {
  if (!email) return undefined;
  return `mailto:${email}?subject=${encodeURIComponent(leadContactCopy.emailSubject(firstName(nome)))}`;
}
