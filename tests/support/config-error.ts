/*
 * The message a refused environment stops the server with: what an operator reads. Tests of
 * the configuration assert on it, so it names the variable and never echoes a secret.
 */
import { ConfigError, parseConfig } from '~/server/config';

/** The ConfigError's message for `env` (parseConfig, or e.g. loadConfig); fails when nothing is refused. */
export function configErrorFor(
  env: Record<string, string | undefined>,
  read: (env: Record<string, string | undefined>) => unknown = parseConfig,
): string {
  try {
    read(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a ConfigError');
}
