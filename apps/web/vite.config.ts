import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { arcoStyles } from './build/arco-styles.ts';
import { precompress } from './build/precompress.ts';

// The dev server forwards the API and the WebSockets to the Fastify server (npm run dev -w @dialwise/server).
const server = process.env.DIALWISE_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [arcoStyles(), react(), precompress()],
  resolve: {
    // zod in jitless mode, so the console needs no 'unsafe-eval' in its CSP (see src/zod-jitless.ts).
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/zod-jitless.ts', import.meta.url)) }],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: server, changeOrigin: false },
      // changeOrigin stays off: the server accepts a WebSocket whose Origin names the host it was sent to, and
      // the proxy passes the browser's Host (localhost:5173) on, matching the page's Origin.
      '/ws': { target: server, ws: true, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'boot', tags: ['$initial'] }],
        },
      },
    },
  },
});
