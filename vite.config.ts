import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // Source maps would publish the original sources next to the bundle; the server refuses *.map in production too.
    sourcemap: false,
  },
  server: {
    port: 5173,
    // Same origin in development too: the API (and its cookies) is proxied.
    proxy: { '/api': { target: `http://localhost:${apiPort}`, changeOrigin: false, ws: true } },
  },
});
