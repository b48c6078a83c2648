import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { phasedSystem, phasedTokenDictionary } from './scripts/chakra-phases.ts';
import { atRulesInCodeUnitOrder } from './scripts/chakra-sort.ts';

const alias = {
  '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
  '@': fileURLToPath(new URL('./src', import.meta.url)),
};
const apiPort = process.env.PORT ?? '3000';

/**
 * Issue 3: `@chakra-ui/react/theme` is a barrel whose own code also assembles Chakra's whole default theme out of
 * `recipes.js` and `slot-recipes.js`, which import every recipe. src/theme.ts takes the tokens from it and
 * src/lib/later-recipes.ts the recipes it adds later; unused or not, that default theme makes the bundler count every
 * recipe as needed at start-up and put the later ones into the entry chunk. For imports from src/, this serves the
 * same barrel without the default theme (`defaultThemeConfig`, `recipes`, `slotRecipes`: src/ uses none of them).
 * Client builds only; it fails loudly when a Chakra update changes the file.
 */
function chakraThemeWithoutDefaultTheme(): Plugin {
  const SUFFIX = '?without-default-theme';
  const SRC = fileURLToPath(new URL('./src/', import.meta.url));
  const EDITS: [RegExp, (match: string) => string][] = [
    [/^import \{ recipes \} from '\.\/recipes\.js';\n/m, () => ''],
    [/^import \{ slotRecipes \} from '\.\/slot-recipes\.js';\n/m, () => ''],
    [/^const defaultThemeConfig = defineConfig\(\{\n[\s\S]*?^\}\);\n/m, () => ''],
    [
      /^export \{ animationStyles, [^\n]*defaultThemeConfig, [^\n]*recipes, [^\n]*slotRecipes, [^\n]*\};$/m,
      (line) => line.replace(/\b(defaultThemeConfig|recipes|slotRecipes), /g, ''),
    ],
  ];
  return {
    name: 'chakra-theme-without-default-theme',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      // The client bundle only: the prerender's server bundle leaves packages to Node.
      if (source !== '@chakra-ui/react/theme' || !importer?.startsWith(SRC) || options.ssr) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && !resolved.external ? { ...resolved, id: resolved.id + SUFFIX } : null;
    },
    load(id) {
      if (!id.endsWith(SUFFIX)) return null;
      const file = id.slice(0, -SUFFIX.length);
      let code = readFileSync(file, 'utf8');
      for (const [pattern, replace] of EDITS) {
        if (!pattern.test(code)) throw new Error(`${file} no longer matches ${pattern}: update vite.config.ts`);
        code = code.replace(pattern, replace);
      }
      return { code, moduleType: 'js' };
    },
  };
}

/**
 * Issue 3: Chakra's createSystem computes its global CSS (the tokens as CSS variables, the reset and the global styles,
 * about 50 KB) as soon as it runs, and ChakraProvider hands it to emotion's <Global>, which serializes and hashes it
 * again. A prerendered page has all of it in its head already: this makes `system._global` a getter computed on first
 * read, and src/app/providers.tsx does not read it when it hydrates such a page (some 50 ms of start-up work on a
 * fast machine, four times that on a phone).
 */
function lazyGlobalCss(code: string, id: string): string {
  const EAGER = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
  const FIELD = /^(\s*)_global,$/m;
  if (!code.includes(EAGER) || !FIELD.test(code)) throw new Error(`${id} changed: update vite.config.ts`);
  return code
    .replace(EAGER, 'let _global;')
    .replace(FIELD, '$1get _global() { return (_global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]); },');
}

/**
 * Issue 3: edits of Chakra's styled-system files, in this order per file. Each fails the build loudly when a Chakra
 * update changes the code it expects. `clientOnly`: the prerender and the tests get Chakra as it is (the system is
 * created at once there, and its global CSS is read); the media query order must be the same in both, or the
 * prerendered and the hydrated pages would name emotion's classes differently.
 */
const CHAKRA_EDITS: { file: string; clientOnly: boolean; edit: (code: string, id: string) => string }[] = [
  { file: 'system.js', clientOnly: true, edit: lazyGlobalCss },
  // createSystem in phases that src/theme.ts runs in tasks of their own (scripts/chakra-phases.ts).
  { file: 'system.js', clientOnly: true, edit: phasedSystem },
  { file: 'token-dictionary.js', clientOnly: true, edit: phasedTokenDictionary },
  // Media queries ordered without ICU's collator (scripts/chakra-sort.ts).
  { file: 'sort-at-params.js', clientOnly: false, edit: atRulesInCodeUnitOrder },
];

function chakraStyledSystemEdits(): Plugin {
  const DIR = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]([^\\/]+)$/;
  return {
    name: 'chakra-styled-system-edits',
    apply: 'build',
    transform(code, id, options) {
      const file = DIR.exec(id)?.[1];
      const edits = CHAKRA_EDITS.filter((edit) => edit.file === file && !(edit.clientOnly && options?.ssr));
      return edits.length ? edits.reduce((result, { edit }) => edit(result, id), code) : null;
    },
  };
}

export default defineConfig({
  plugins: [react(), chakraThemeWithoutDefaultTheme(), chakraStyledSystemEdits()],
  resolve: { alias },
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
            // What every page needs to start, in one long-cached chunk instead of many small shared ones.
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack|@trpc|superjson|copy-anything|is-what|@emotion|stylis|hoist-non-react-statics|react-is)[\\/]/,
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
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'drizzle/**/*.test.ts'],
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
