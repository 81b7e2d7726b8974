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
    // One bundle on purpose (the CSP allows only our two files); React + toolkit + markdown-it ≈ 540 kB.
    chunkSizeWarningLimit: 1024,
    rollupOptions: {
      output: {
        entryFileNames: 'assets/index.js',
        chunkFileNames: 'assets/[name].js',
        assetFileNames: 'assets/[name][extname]',
      },
    },
  },
});
