/**
 * Fields the public forms share: a person's name, an e-mail address and the hidden inputs a
 * form carries (page, UTM, submission key). Each form passes its own pt-BR messages, so the
 * rules stay one while the words follow the form.
 */
import { singleLine } from './text';
import { z } from './zod';

interface NameMessages {
  nome: string;
  tooLong: string;
}

/** A person's name: one line, 2 to 120 characters. */
export const personName = (m: NameMessages) =>
  singleLine(z.string({ error: m.nome }))
    .trim()
    .min(2, { error: m.nome })
    .max(120, { error: m.tooLong });

/** An e-mail address, at most the 254 characters SMTP allows. */
export const emailAddress = (m: { email: string }) =>
  singleLine(z.string({ error: m.email }))
    .trim()
    .max(254, { error: m.email })
    .pipe(z.email({ error: m.email }));

/**
 * A hidden or optional input: absent and '' both arrive as undefined (Astro's form parsing).
 * One line, as these are copied into notification e-mails and deliveries.
 */
export const hiddenText = (max: number) => singleLine(z.string()).trim().max(max).optional();
