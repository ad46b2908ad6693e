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
  build: { outDir: here('./web/dist'), emptyOutDir: true, sourcemap: false },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
