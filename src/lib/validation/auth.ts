/**
 * The account name of the sign-up card (SPEC §2 'Auth': fullName), one schema for the card
 * and the server's sign-up hook. Capped like a lead's name: the server mails a message to
 * whatever address is typed, and neither that message nor the database needs a novel. One
 * line, and no control characters or broken Unicode (the shared rule in ./text).
 */
import { authErrors, NAME_MAX_LENGTH } from '~/messages/auth';
import { isPasswordValid } from '../password-strength';
import { INVALID_CHARACTERS_MESSAGE, plainText } from './text';
import { z } from './zod';

export { NAME_MAX_LENGTH };

/**
 * A sign-up name as typed in, trimmed out.
 * @example signUpNameSchema.parse('  Ana Souza ')          // "Ana Souza"
 * @example signUpNameSchema.safeParse('a'.repeat(121)).success // false (authErrors.nameTooLong)
 */
export const signUpNameSchema = plainText(z.string({ error: authErrors.nameRequired }))
  .refine((value) => !/[\t\n\r]/.test(value), { error: authErrors.nameOneLine, abort: true })
  .trim()
  .min(1, { error: authErrors.nameRequired, abort: true })
  .max(NAME_MAX_LENGTH, { error: authErrors.nameTooLong });

/** The first problem with a sign-up name, or undefined when it is fine. */
export function signUpNameError(value: unknown): string | undefined {
  const result = signUpNameSchema.safeParse(value);
  return result.success ? undefined : (result.error.issues[0]?.message ?? INVALID_CHARACTERS_MESSAGE);
}

/**
 * The sign-in card's fields: the e-mail trimmed, the password exactly as typed (the browser's
 * own `required` and `type=email` checks run before it).
 * @example signInSchema.parse({ email: ' ana@exemplo.com ', password: ' x ' }) // { email: 'ana@exemplo.com', password: ' x ' }
 */
export const signInSchema = z.object({ email: z.string().trim(), password: z.string() });

/**
 * The sign-up card's fields, checked with the rules the server's sign-up hook applies: the
 * name by `signUpNameSchema`, the password by SPEC §5's strength rule (`isPasswordValid`).
 * @example signUpSchema.safeParse({ fullName: 'Ana', email: 'a@b.co', password: 'abc' }).success // false (authErrors.weakPassword)
 */
export const signUpSchema = z.object({
  fullName: signUpNameSchema,
  email: z.string().trim(),
  password: z.string().refine(isPasswordValid, { error: authErrors.weakPassword }),
});

export type SignInValues = z.input<typeof signInSchema>;
export type SignUpValues = z.input<typeof signUpSchema>;

/**
 * The invitation page's fields (/auth/convite): the name and password of the new account,
 * by the sign-up card's own rules; the address is the invitation's.
 * @example invitationAcceptSchema.safeParse({ fullName: 'Ana', password: 'abc' }).success // false (authErrors.weakPassword)
 */
export const invitationAcceptSchema = signUpSchema.pick({ fullName: true, password: true });
export type InvitationAcceptValues = z.input<typeof invitationAcceptSchema>;
