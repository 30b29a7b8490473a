import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { bootPreload } from './client/build/bootPreload';
import { chunkGroups } from './client/build/chunks';
import { precompress } from './client/build/precompress';

/** In development, /sign/<token> is the signing page (sign.html), as server/static.ts serves it when built. */
const signingPage: Plugin = {
  name: 'signing-page',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url && /^\/sign\/[^/?]+\/?(\?.*)?$/.test(req.url)) req.url = '/sign.html';
      next();
    });
  },
};

export default defineConfig(({ mode }) => ({
  root: 'client',
  plugins: [
    react(),
    tailwindcss(),
    signingPage,
    // An API on another origin gets no early session check (its address is only known at run time there).
    precompress(),
    bootPreload({ clientDir: fileURLToPath(new URL('./client', import.meta.url)), apiElsewhere: Boolean(loadEnv(mode, 'client', 'VITE_').VITE_API_URL) }),
  ],
  resolve: { alias: { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The bundle-size report reads the manifest to follow each screen's static imports.
    manifest: true,
    chunkSizeWarningLimit: 600,
    // The shell, and the public signing page with its own small React root.
    rolldownOptions: {
      input: { main: fileURLToPath(new URL('./client/index.html', import.meta.url)), sign: fileURLToPath(new URL('./client/sign.html', import.meta.url)) },
      // A first visit's code in a few files instead of dozens (build/chunks.ts).
      output: { codeSplitting: chunkGroups() },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/socket.io': { target: 'http://localhost:3000', ws: true },
    },
  },
}));
