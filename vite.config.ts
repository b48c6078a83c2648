import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { chakraBuildEdits } from './build/chakra/plugins.ts';
import { parseLenderEnv } from './src/shared/lender.ts';

const alias = {
  '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
  '@': fileURLToPath(new URL('./src', import.meta.url)),
};
const apiPort = process.env.PORT ?? '3000';
const SRC_DIR = fileURLToPath(new URL('./src/', import.meta.url));
// The lender's details are public and go into the built pages: the build reads the same LENDER_* keys as the
// server, so a bad value stops the build with the key's name.
const lender = parseLenderEnv(process.env);

/**
 * The static imports of each chunk of the client build, read as it is written (below): a chunk's import() need not
 * name for preloading what the chunk's own static imports have loaded already.
 */
const chunkImports = new Map<string, readonly string[]>();
const readChunkGraph: Plugin = {
  name: 'chunk-graph',
  generateBundle: {
    order: 'pre',
    handler(_options, bundle) {
      chunkImports.clear();
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk') chunkImports.set(chunk.fileName, chunk.imports);
    },
  },
};
function loadedBefore(file: string, into = new Set<string>()): Set<string> {
  for (const imported of chunkImports.get(file) ?? []) {
    if (into.has(imported)) continue;
    into.add(imported);
    loadedBefore(imported, into);
  }
  return into;
}

export default defineConfig({
  // Build-time edits of Chakra for start-up time: build/chakra/README.md.
  plugins: [
    react(),
    readChunkGraph,
    ...chakraBuildEdits(SRC_DIR),
    // index.html's own title (the page shown before the app sets its own) names the configured brand too.
    {
      name: 'lender-brand-title',
      transformIndexHtml: (html: string) =>
        html.replaceAll(
          '%LENDER_BRAND%',
          lender.brandName.replace(
            /[&<>"]/g,
            (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c,
          ),
        ),
    },
  ],
  resolve: { alias },
  define: { __LENDER_CONFIG__: JSON.stringify(lender) },
  // Only VITE_* variables reach the browser; never widen this prefix.
  envPrefix: 'VITE_',
  server: {
    port: 5173,
    proxy: {
      '/trpc': `http://127.0.0.1:${apiPort}`,
      '/api': `http://127.0.0.1:${apiPort}`,
      '/healthz': `http://127.0.0.1:${apiPort}`,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // Every browser the site supports preloads modules itself: the polyfill was dead weight in the entry chunk.
    modulePreload: {
      polyfill: false,
      // Each import() lists the chunks to preload with it, in the importing chunk's code. Those the importing chunk
      // imports statically have run before it did: listing them again only made the first download bigger (the
      // island runtime named React and Chakra for every island it may load).
      resolveDependencies: (_file, deps, { hostId, hostType }) => {
        if (hostType !== 'js') return deps;
        const loaded = loadedBefore(hostId);
        return deps.filter((dep) => !loaded.has(dep));
      },
    },
    // dist/.vite/manifest.json: the prerender step and bench/frontend.ts read the chunk graph from it
    // (the server never serves dot-folders).
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // @trpc/client does not declare itself side-effect free, so its unused links (wsLink…) stayed in the entry.
        moduleSideEffects: [{ test: /node_modules[\\/]@trpc[\\/]client[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          groups: [
            // What every page needs to start, in one long-cached chunk instead of many small shared ones: React and
            // the style runtime, which the islands of a prerendered public page need too (docs/architecture.md)...
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@emotion|stylis|hoist-non-react-statics|react-is)[\\/]/,
            },
            // ...and the router and data layer, which only the whole app (and islands that link or fetch) load.
            {
              name: 'app-framework',
              test: /node_modules[\\/](react-router|react-router-dom|@tanstack|@trpc|superjson|copy-anything|is-what)[\\/]/,
            },
          ],
        },
      },
    },
  },
  test: {
    projects: [
      {
        resolve: { alias },
        define: { __LENDER_CONFIG__: JSON.stringify(lender) },
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'drizzle/**/*.test.ts', 'build/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/*.fault.test.ts', 'node_modules/**', 'dist*/**'],
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['server/**/*.int.test.ts'],
          exclude: ['server/test/faults/**', 'node_modules/**'],
          globalSetup: ['server/test/global-setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One database per run; files run in parallel workers but each test owns its rows.
          fileParallelism: true,
        },
      },
      {
        resolve: { alias },
        test: {
          // Fault tests start real server processes and databases (npm run test:faults).
          name: 'faults',
          include: ['server/test/faults/**/*.fault.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
