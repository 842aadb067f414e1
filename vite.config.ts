import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The SPA lives in src/web; the built files go to dist/web, which the Fastify server serves.
export default defineConfig({
  root: 'src/web',
  publicDir: '../../public',
  plugins: [react(), tailwindcss()],
  resolve: {
    // zod without its eval probe (blocked by our CSP): see src/web/lib/zod-jitless.ts.
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/web/lib/zod-jitless.ts', import.meta.url)) }],
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // Maps source modules to chunks: bench/web.ts uses it to tell dashboard-only code apart.
    manifest: true,
    target: 'es2022',
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
