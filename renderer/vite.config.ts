import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The panel and the overlay: two pages of one static bundle (Vite's multi-page input) that
// Electron loads with loadFile and the e2e test server serves.
// Relative asset paths (base './') because file:// has no server root. Paths come from
// import.meta.url (Vite points it at this file) rather than node:path, which the renderer's
// lint boundary forbids even here.
const here = (relative: string): string => decodeURIComponent(new URL(relative, import.meta.url).pathname);

export default defineConfig({
  root: here('.'),
  base: './',
  plugins: [react()],
  build: {
    outDir: here('../dist/renderer'),
    emptyOutDir: true,
    target: 'es2023',
    sourcemap: false,
    // The polyfill is for old browsers; Electron's Chromium has modulepreload.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: { panel: here('index.html'), overlay: here('overlay.html') },
    },
  },
});
