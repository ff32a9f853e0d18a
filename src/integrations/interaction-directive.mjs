import { fileURLToPath } from 'node:url';

/**
 * Registers `client:interaction`: an island hydrates on the visitor's first real
 * interaction with it (pointer, touch, focus, key) and the click that woke it is
 * replayed once React is in charge. See src/directives/interaction.ts for why.
 * @returns {import('astro').AstroIntegration}
 */
export function interactionDirective() {
  return {
    name: 'pilota:interaction-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'interaction',
          entrypoint: fileURLToPath(new URL('../directives/interaction.ts', import.meta.url)),
        });
      },
    },
  };
}
