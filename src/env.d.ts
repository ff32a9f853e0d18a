/// <reference types="astro/client" />

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first pointer, touch, focus or key interaction; replays the waking click. */
    'client:interaction'?: boolean;
  }
}

export {};
