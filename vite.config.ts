import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('./web'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@contract': here('./contract/src'), '@web': here('./web/src') },
  },
  build: {
    outDir: here('./web/dist'),
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      // Two pages: the app's shell for every path, and the landing page for `/` alone (prerendered after
      // the build by scripts/prerender.tsx; it loads no router, no zod, no forms).
      input: { index: here('./web/index.html'), landing: here('./web/landing.html') },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
