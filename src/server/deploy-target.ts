/*
 * Which host a build is for: one long-lived Node process (the default) or Netlify's
 * functions. Netlify sets NETLIFY=true in its builds; DEPLOY_TARGET=node|netlify says it
 * anywhere else. A built server knows the target it was built for (astro.config.mjs
 * defines __PILOTA_DEPLOY_TARGET__), so a function behaves as one on Netlify even where
 * the run-time environment says nothing; scripts (tsx) and tests read the environment.
 *
 * No imports: astro.config.mjs loads this file before anything is built.
 */
export const DEPLOY_TARGETS = ['node', 'netlify'] as const;
export type DeployTarget = (typeof DEPLOY_TARGETS)[number];

declare const __PILOTA_DEPLOY_TARGET__: DeployTarget | undefined;

/** The target a build was made for; undefined outside a build (scripts, tests, astro.config). */
export function builtDeployTarget(): DeployTarget | undefined {
  return typeof __PILOTA_DEPLOY_TARGET__ === 'undefined' ? undefined : __PILOTA_DEPLOY_TARGET__;
}

/** Thrown for a DEPLOY_TARGET that is neither node nor netlify; the message names the variable. */
export class DeployTargetError extends Error {
  override name = 'DeployTargetError';
}

/**
 * The deploy target: the build's own, else DEPLOY_TARGET, else netlify when NETLIFY is set.
 * @example deployTargetFromEnv({ NETLIFY: 'true' }) // 'netlify'
 */
export function deployTargetFromEnv(env: Record<string, string | undefined>): DeployTarget {
  const built = builtDeployTarget();
  if (built) return built;
  const explicit = env['DEPLOY_TARGET']?.trim().toLowerCase();
  if (explicit) {
    if ((DEPLOY_TARGETS as readonly string[]).includes(explicit)) return explicit as DeployTarget;
    throw new DeployTargetError(`DEPLOY_TARGET: expected "node" or "netlify", got "${explicit}"`);
  }
  const netlify = env['NETLIFY']?.trim().toLowerCase();
  return netlify && netlify !== 'false' && netlify !== '0' ? 'netlify' : 'node';
}
