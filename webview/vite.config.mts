import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const __dirname = path.dirname(fileURLToPath(import.meta.url));

// Fixed asset names (no hashes): the extension host builds the webview HTML itself and
// points at dist/webview/assets/index.js / index.css.
export default defineConfig({
  root: path.resolve(__dirname),
  plugins: [react()],
  base: './',
  build: {
    outDir: path.resolve(__dirname, '../dist/webview'),
    emptyOutDir: true,
    sourcemap: false,
    // Two scripts: assets/index.js (the boot entry: says `ready` to the host at once) and
    // assets/app.js (everything else), which index.js imports dynamically; the import inherits
    // the entry's CSP nonce. No Vite preload helper: it would inject <link> tags of its own, and
    // the app chunk is better loaded after the board's first paint (extension/board/html.ts).
    modulePreload: false,
    // One stylesheet, tied to no chunk: the host inlines it into the page (extension/board/html.ts),
    // and a chunk with CSS of its own would make Vite's loader add a <link> to it at run time,
    // fetching and applying the whole stylesheet a second time.
    cssCodeSplit: false,
    chunkSizeWarningLimit: 1024,
    rollupOptions: {
      output: {
        entryFileNames: 'assets/index.js',
        chunkFileNames: 'assets/[name].js',
        // With one stylesheet Vite names it style.css; the host reads assets/index.css.
        assetFileNames: (asset) => ((asset.names?.[0] ?? asset.name) === 'style.css' ? 'assets/index.css' : 'assets/[name][extname]'),
      },
    },
  },
});
