import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  resolve: {
    // Messages arrive parsed ahead of time (scripts/i18n.ts): the browser does without the message parser
    // (docs/decisions/0096-translations-with-formatjs.md).
    alias: [
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
      },
    ],
  },
  // The footer's copyright year as the prerendered pages show it (the browser's first render must match them).
  define: { 'import.meta.env.BUILD_YEAR': JSON.stringify(String(new Date().getFullYear())) },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // Which chunks the app (boot.tsx) imports: scripts/prerender.ts names them in index.html so the browser
    // fetches them with the entry (it removes the manifest from dist/web after reading it).
    manifest: true,
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' } },
});
