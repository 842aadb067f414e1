// The browser build resolves `zod` to this module (vite.config.ts). zod 4 tries `new Function()`
// on its first parse to see whether it may compile fast validators; our Content-Security-Policy
// forbids eval, so that probe shows up as a CSP violation. Jitless mode never probes.
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
