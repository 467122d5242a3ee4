// Vite for the React app: `npm start` serves it (proxying /api to the local gateway, so site and API
// share one origin and its cookies) and `npm run build` bundles it into frontend/dist for S3.
import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import postcssPresetMantine from 'postcss-preset-mantine';
import postcssSimpleVars from 'postcss-simple-vars';
import { defineConfig } from 'vite';

const frontendDir = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/**
 * What the dev server may read and serve: the app, the shared schemas it imports, and packages. Vite's
 * default would be the whole repository (its workspace root), so `/@fs/...` could fetch `.data/`
 * (local database and uploads), `package.json` or any source file of the server.
 */
export const DEV_SERVER_FS = {
  strict: true,
  allow: [frontendDir('.'), frontendDir('../shared'), frontendDir('../node_modules')],
  // Vite's own defaults (.env files, certificates, .git) plus local data, in case a path above ever reaches it.
  deny: ['.env', '.env.*', '*.{crt,pem}', '**/.git/**', '**/.data/**'],
};

const webPort = Number(process.env.PORT || 5173);
const apiPort = Number(process.env.API_PORT || 3001);

export default defineConfig({
  root: frontendDir('.'),
  // Vite would otherwise look for .env files in frontend/; the repository keeps them at its root.
  envDir: frontendDir('..'),
  plugins: [
    // Must come before react() so route files are split before JSX is transformed.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: frontendDir('./src/routes'),
      generatedRouteTree: frontendDir('./src/routeTree.gen.ts'),
    }),
    react(),
  ],
  resolve: {
    // `#shared/*` resolves through package.json `imports`, as it does for the server code.
    alias: { '@': frontendDir('./src') },
  },
  css: {
    postcss: {
      plugins: [
        postcssPresetMantine(),
        // Mantine's breakpoints, for `@media (max-width: $mantine-breakpoint-sm)` in CSS modules.
        postcssSimpleVars({
          variables: {
            'mantine-breakpoint-xs': '36em',
            'mantine-breakpoint-sm': '48em',
            'mantine-breakpoint-md': '62em',
            'mantine-breakpoint-lg': '75em',
            'mantine-breakpoint-xl': '88em',
          },
        }),
      ],
    },
  },
  server: {
    // Loopback only: the dev server and its proxy are never reachable from the network.
    host: 'localhost',
    fs: DEV_SERVER_FS,
    port: webPort,
    // A busy port is an error the local stack reports, never a silent move to another port.
    strictPort: true,
    proxy: {
      // changeOrigin stays off: the gateway must see the browser's Host and Origin, so session
      // cookies are set for, and state-changing calls are checked against, the site itself.
      // ws: the live notifications' socket (/api/live) goes through the same proxy.
      '/api': { target: `http://localhost:${apiPort}`, changeOrigin: false, ws: true },
    },
  },
  optimizeDeps: {
    // Route screens are split into chunks Vite only meets when a page first opens them; pre-bundling
    // their libraries up front spares a fresh server the reload (and a second React copy) it would
    // otherwise trigger mid-session on discovering them.
    include: [
      '@mantine/core',
      '@mantine/dates',
      '@mantine/form',
      '@mantine/hooks',
      '@mantine/notifications',
      '@tanstack/react-query',
      '@tanstack/react-router',
      'dayjs',
      'dayjs/plugin/timezone',
      'dayjs/plugin/utc',
      'mantine-datatable',
      'zod',
    ],
  },
  preview: { host: 'localhost', port: webPort, strictPort: true },
  build: {
    outDir: frontendDir('./dist'),
    emptyOutDir: true,
  },
});
