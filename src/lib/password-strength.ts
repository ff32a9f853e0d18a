/**
 * Password strength of SPEC §5, shared by the sign-up meter (browser) and the sign-up
 * check on the server, so both refuse exactly the same passwords.
 */
import { strengthFeedback, strengthLabels } from '~/messages/auth';

export const MIN_PASSWORD_LENGTH = 8;

/** Substrings that make a password "common" (SPEC §5), compared case-insensitively. */
export const COMMON_PASSWORD_WORDS = ['password', '123456', 'qwerty', 'abc123'] as const;

/** Points taken away when a common word appears (the score never drops below 0). */
const COMMON_PENALTY = 2;

export type StrengthLabel = (typeof strengthLabels)[number];

export interface PasswordStrength {
  /** 0..5: one point per criterion met, minus 2 for a common word. */
  score: number;
  label: StrengthLabel;
  /** One pt-BR line per unmet criterion, then 'Evite senhas comuns' when it applies. */
  feedback: string[];
  /** Score ≥ 4 and no feedback: in practice all five criteria and no common word. */
  valid: boolean;
}

/*
 * Letters are matched by Unicode category so "Á" counts as uppercase and "ç" as lowercase
 * in pt-BR passwords. A special character is anything that is neither a letter, a digit nor
 * whitespace: a space makes a passphrase longer, but is not counted as a symbol.
 */
const criteria = [
  { test: (p: string) => [...p].length >= MIN_PASSWORD_LENGTH, feedback: strengthFeedback.minLength },
  { test: (p: string) => /\p{Lu}/u.test(p), feedback: strengthFeedback.uppercase },
  { test: (p: string) => /\p{Ll}/u.test(p), feedback: strengthFeedback.lowercase },
  { test: (p: string) => /\p{Nd}/u.test(p), feedback: strengthFeedback.digit },
  { test: (p: string) => /[^\p{L}\p{N}\s]/u.test(p), feedback: strengthFeedback.special },
] as const;

/**
 * Scores a password against the five criteria of SPEC §5 and the common-word penalty.
 * @example passwordStrength('Pilota#2026') // { score: 5, label: 'Muito forte', feedback: [], valid: true }
 * @example passwordStrength('Password1!').label // "Média" (5 points − 2 for "password")
 * @example passwordStrength('abc').feedback[0] // "Use pelo menos 8 caracteres"
 */
export function passwordStrength(password: string): PasswordStrength {
  let score = 0;
  const feedback: string[] = [];
  for (const criterion of criteria) {
    if (criterion.test(password)) score += 1;
    else feedback.push(criterion.feedback);
  }
  const lower = password.toLowerCase();
  if (COMMON_PASSWORD_WORDS.some((word) => lower.includes(word))) {
    feedback.push(strengthFeedback.common);
    score = Math.max(0, score - COMMON_PENALTY);
  }
  return {
    score,
    label: strengthLabels[score] ?? strengthLabels[0],
    feedback,
    valid: score >= 4 && feedback.length === 0,
  };
}

/**
 * Whether the password may be used for a new account (the server's sign-up check).
 * @example isPasswordValid('Pilota#2026') // true
 */
export function isPasswordValid(password: string): boolean {
  return passwordStrength(password).valid;
}
