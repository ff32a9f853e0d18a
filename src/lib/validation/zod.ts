/*
 * zod, configured once for browser and server. Our Content-Security-Policy has no
 * 'unsafe-eval': zod's JIT probe (`new Function`) is reported as a CSP violation even
 * though zod catches it, so the JIT is switched off before any schema is built.
 */
import { z } from 'zod';

z.config({ jitless: true });

export { z };
