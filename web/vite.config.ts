import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': path.join(root, 'src') } },
  // Every browser the console supports preloads modules itself: no polyfill on the sign-in screen's budget.
  build: {
    outDir: path.join(root, 'dist'),
    emptyOutDir: true,
    sourcemap: false,
    modulePreload: { polyfill: false },
    // What the first screen needs, in one file: split by the lazy screens that share its small
    // modules, it came as five files, each with its own compression overhead.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] } } },
  },
  server: {
    port: 5173,
    // In development the SPA runs on Vite and the API on the Node server.
    proxy: { '/api': 'http://localhost:3000' },
  },
});
