// The Vite plugins that apply the edits of this folder to Chakra's files at build time (README.md says why).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { lazyGlobalCss } from './lazy-global-css.ts';
import { phasedSystem, phasedTokenDictionary } from './phases.ts';
import { atRulesInCodeUnitOrder } from './sort.ts';
import { themeWithoutDefaultTheme } from './theme-barrel.ts';

/**
 * Edits of Chakra's styled-system files (dist/esm/styled-system/<file>), in this order per file. `clientOnly`: the
 * prerender and the tests get Chakra as it is (the system is created at once there, and its global CSS is read); the
 * media query order must be the same in both, or the prerendered and the hydrated pages would name emotion's classes
 * differently.
 */
export const STYLED_SYSTEM_EDITS: {
  file: string;
  clientOnly: boolean;
  edit: (code: string, file: string) => string;
}[] = [
  { file: 'system.js', clientOnly: true, edit: lazyGlobalCss },
  // createSystem in phases that src/theme.ts runs in tasks of their own.
  { file: 'system.js', clientOnly: true, edit: phasedSystem },
  { file: 'token-dictionary.js', clientOnly: true, edit: phasedTokenDictionary },
  // Media queries ordered without ICU's collator.
  { file: 'sort-at-params.js', clientOnly: false, edit: atRulesInCodeUnitOrder },
];

/** A styled-system file with every edit of the given build (client, or server-side for the prerender) applied. */
export function editStyledSystemFile(file: string, code: string, opts: { isSsr: boolean }): string | null {
  const edits = STYLED_SYSTEM_EDITS.filter((edit) => edit.file === file && !(edit.clientOnly && opts.isSsr));
  return edits.length ? edits.reduce((result, { edit }) => edit(result, file), code) : null;
}

/** The client build's `@chakra-ui/react/theme`, for imports from src/, without the default theme (theme-barrel.ts). */
function chakraThemeWithoutDefaultTheme(srcDir: string): Plugin {
  const SUFFIX = '?without-default-theme';
  return {
    name: 'chakra-theme-without-default-theme',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      // The client bundle only: the prerender's server bundle leaves packages to Node.
      if (source !== '@chakra-ui/react/theme' || !importer?.startsWith(srcDir) || options.ssr) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && !resolved.external ? { ...resolved, id: resolved.id + SUFFIX } : null;
    },
    load(id) {
      if (!id.endsWith(SUFFIX)) return null;
      const file = id.slice(0, -SUFFIX.length);
      return { code: themeWithoutDefaultTheme(readFileSync(file, 'utf8'), file), moduleType: 'js' };
    },
  };
}

/**
 * The token data of src/theme.ts's start-up configs (token-data.ts), made in a process of its own: the app's theme
 * brings all of Chakra along, and Vite's configuration (this module) is loaded by every Vite and Vitest run.
 */
function startUpTokenDataInChild(): string {
  const script = fileURLToPath(new URL('./token-data.ts', import.meta.url));
  return execFileSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', maxBuffer: 64 << 20 });
}

/** The client build's src/theme-prebuilt-tokens.ts: the token data in it (the prerender keeps the empty module). */
function chakraPrebuiltTokens(srcDir: string): Plugin {
  const stub = path.join(srcDir, 'theme-prebuilt-tokens.ts');
  const decoder = fileURLToPath(new URL('./prebuilt-tokens.ts', import.meta.url));
  return {
    name: 'chakra-prebuilt-tokens',
    apply: 'build',
    load(id, options) {
      if (id !== stub || options?.ssr) return null;
      const data = startUpTokenDataInChild();
      return [
        `import { decodeTokens } from ${JSON.stringify(decoder)};`,
        // A string parsed when the system is made: JSON.parse is quicker than the same data as code, and nothing of it
        // runs while the chunk loads.
        `const DATA = ${JSON.stringify(data)};`,
        'export const prebuiltTokens = () => decodeTokens(DATA);',
      ].join('\n');
    },
  };
}

function chakraStyledSystemEdits(): Plugin {
  const DIR = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]([^\\/]+)$/;
  return {
    name: 'chakra-styled-system-edits',
    apply: 'build',
    transform(code, id, options) {
      const file = DIR.exec(id)?.[1];
      return file ? editStyledSystemFile(file, code, { isSsr: Boolean(options?.ssr) }) : null;
    },
  };
}

/** Every build-time edit of Chakra, for vite.config.ts. `srcDir`: the absolute path of src/ (with its trailing slash). */
export function chakraBuildEdits(srcDir = fileURLToPath(new URL('../../src/', import.meta.url))): Plugin[] {
  return [chakraThemeWithoutDefaultTheme(srcDir), chakraStyledSystemEdits(), chakraPrebuiltTokens(srcDir)];
}
