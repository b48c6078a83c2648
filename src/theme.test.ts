import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createSystem, defaultConfig } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { addLaterRecipes, LATER_RECIPES } from '@/lib/later-recipes';
import { addPageRecipes, PAGE_RECIPES } from '@/lib/page-recipes';
import { getSystem } from './theme';
import { appSemanticTokens, appTokens, brandConfig, UNUSED_PALETTES } from './theme-config';

const system = getSystem();

// What the app used before : Chakra's whole default theme under the same brand config (light mode only, and
// without the colour palettes that no source uses: checked below).
const reference = createSystem(
  {
    ...defaultConfig,
    theme: {
      ...defaultConfig.theme,
      tokens: appTokens(defaultConfig.theme?.tokens ?? {}),
      semanticTokens: appSemanticTokens(defaultConfig.theme?.semanticTokens ?? {}),
    },
  },
  brandConfig,
);
const json = (value: unknown) => JSON.stringify(value);

const STARTUP_RECIPES = Object.keys(system._config.theme?.recipes ?? {});
const STARTUP_SLOT_RECIPES = Object.keys(system._config.theme?.slotRecipes ?? {});
const STARTUP_KEYS = new Set([...STARTUP_RECIPES, ...STARTUP_SLOT_RECIPES]);
const PAGE_KEYS = new Set([...Object.keys(PAGE_RECIPES.recipes), ...Object.keys(PAGE_RECIPES.slotRecipes)]);
const LATER_KEYS = new Set([...Object.keys(LATER_RECIPES.recipes), ...Object.keys(LATER_RECIPES.slotRecipes)]);

// ---- Which Chakra recipes each source file needs, read from Chakra's own build ----

const CHAKRA_ESM = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@chakra-ui/react/package.json')),
  'dist',
  'esm',
);

/** Export name of @chakra-ui/react → the module that defines it. */
function chakraExports(): Map<string, string> {
  const index = readFileSync(path.join(CHAKRA_ESM, 'index.js'), 'utf8');
  const namespaces = new Map<string, string>();
  for (const [, local, file] of index.matchAll(/import \* as (\S+) from '(\.[^']+)';/g)) namespaces.set(local!, file!);
  const exports = new Map<string, string>();
  for (const [, names, file] of index.matchAll(/export \{([^}]+)\}(?: from '([^']+)')?;/g)) {
    for (const spec of names!.split(',')) {
      const [local, exported = local] = spec.trim().split(/\s+as\s+/);
      const source = file ?? namespaces.get(local!);
      if (source?.startsWith('.')) exports.set(exported!, path.join(CHAKRA_ESM, source));
    }
  }
  return exports;
}

/** The recipe keys a Chakra module uses, following its relative imports inside Chakra's components. */
function recipeKeysOf(file: string, seen = new Set<string>()): Set<string> {
  const keys = new Set<string>();
  if (seen.has(file) || !file.startsWith(path.join(CHAKRA_ESM, 'components'))) return keys;
  seen.add(file);
  const code = readFileSync(file, 'utf8');
  for (const [, key] of code.matchAll(/\bkey: "([A-Za-z]+)"/g)) keys.add(key!);
  for (const [, relative] of code.matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
    for (const key of recipeKeysOf(path.join(path.dirname(file), relative!), seen)) keys.add(key);
  }
  return keys;
}

const CHAKRA_EXPORTS = chakraExports();
// Some components name a key that has no recipe at all (Text reads its props under "text"): only these count.
const DEFAULT_RECIPE_KEYS = new Set([
  ...Object.keys(defaultConfig.theme?.recipes ?? {}),
  ...Object.keys(defaultConfig.theme?.slotRecipes ?? {}),
]);

// ---- The app's source files and their imports ----

const SRC = path.resolve(import.meta.dirname);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function resolveLocal(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('@/')) base = path.join(SRC, specifier.slice(2));
  else if (specifier.startsWith('@shared/')) base = path.join(SRC, 'shared', specifier.slice(8));
  else if (specifier.startsWith('.')) base = path.join(path.dirname(from), specifier);
  else return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? null;
}

type SourceInfo = { recipeKeys: Set<string>; staticImports: string[]; dynamicImports: string[] };

function readSource(file: string): SourceInfo {
  const code = readFileSync(file, 'utf8');
  const recipeKeys = new Set<string>();
  for (const [, names] of code.matchAll(/import \{([^}]+)\} from '@chakra-ui\/react';/g)) {
    for (const spec of names!.split(',')) {
      const name = spec
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]!;
      const module = CHAKRA_EXPORTS.get(name);
      if (!module) continue;
      for (const key of recipeKeysOf(module)) if (DEFAULT_RECIPE_KEYS.has(key)) recipeKeys.add(key);
    }
  }
  const local = (pattern: RegExp) =>
    [...code.matchAll(pattern)].map(([, specifier]) => resolveLocal(file, specifier!)).filter((f): f is string => !!f);
  return {
    recipeKeys,
    staticImports: local(/^(?:import|export)\s[^;]*?from '([^']+)';/gm),
    dynamicImports: local(/import\('([^']+)'\)/g),
  };
}

const SOURCES = new Map(sourceFiles(SRC).map((file) => [file, readSource(file)]));

function closure(roots: string[], options: { followDynamic: boolean; stopAt?: string[] }): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file) || options.stopAt?.includes(file)) continue;
    seen.add(file);
    const info = SOURCES.get(file);
    if (!info) continue;
    stack.push(...info.staticImports, ...(options.followDynamic ? info.dynamicImports : []));
  }
  return seen;
}

const relative = (file: string) => path.relative(SRC, file);
function missing(files: Iterable<string>, available: Set<string>): string[] {
  const problems: string[] = [];
  for (const file of files) {
    for (const key of SOURCES.get(file)?.recipeKeys ?? []) {
      if (!available.has(key)) problems.push(`${relative(file)} renders a component with recipe "${key}"`);
    }
  }
  return problems;
}

describe('the Chakra theme', () => {
  it("produces the same global CSS, tokens and utilities as Chakra's default theme", () => {
    expect(json(system._global)).toBe(json(reference._global));
    expect(json(system.getTokenCss())).toBe(json(reference.getTokenCss()));
    expect(json(system.tokens.allTokens)).toBe(json(reference.tokens.allTokens));
    expect(json([...system.properties])).toBe(json([...reference.properties]));
    const { recipes: _recipes, slotRecipes: _slotRecipes, ...theme } = system._config.theme ?? {};
    const { recipes: _r, slotRecipes: _s, ...referenceTheme } = reference._config.theme ?? {};
    expect(json(theme)).toBe(json(referenceTheme));
  });

  it('leaves out only colour palettes that no source file names', () => {
    const full = createSystem(defaultConfig);
    for (const palette of UNUSED_PALETTES) {
      expect(
        full.tokens.allTokens.some((token) => token.name === `colors.${palette}.500`),
        palette,
      ).toBe(true);
      expect(
        system.tokens.allTokens.some((token) => token.name.startsWith(`colors.${palette}.`)),
        palette,
      ).toBe(false);
    }
    expect(system.tokens.allTokens.some((token) => token.name === 'colors.orange.solid')).toBe(true);
    const pattern = new RegExp(`\\b(${UNUSED_PALETTES.join('|')})\\b`);
    const naming = [...SOURCES.keys()].filter((file) => pattern.test(readFileSync(file, 'utf8'))).map(relative);
    expect(naming).toEqual([path.join('theme-config.ts')]);
  });

  it("holds Chakra's own recipes, and adds the public pages' and the later ones unchanged", () => {
    addPageRecipes();
    addLaterRecipes();
    const added = [PAGE_RECIPES, LATER_RECIPES];
    for (const key of STARTUP_RECIPES.concat(added.flatMap((set) => Object.keys(set.recipes)))) {
      expect(json(system.getRecipe(key)), key).toBe(json(reference.getRecipe(key)));
    }
    for (const key of STARTUP_SLOT_RECIPES.concat(added.flatMap((set) => Object.keys(set.slotRecipes)))) {
      expect(json(system.getSlotRecipe(key)), key).toBe(json(reference.getSlotRecipe(key)));
    }
    // The styles a component gets from an added recipe, through the same path the components use.
    const props = { size: 'sm', variant: 'outline' };
    expect(json(system.getSlotRecipeFn('table')(props))).toBe(json(reference.getSlotRecipeFn('table')(props)));
  });

  it('has a recipe for every Chakra component rendered before its recipes are added', () => {
    // The notification viewport brings its own recipe; see below.
    const viewport = path.join(SRC, 'components/ui/toaster-viewport.tsx');
    // What is loaded with recipes of its own (src/lib/lazy-page.ts): with the public pages' (the islands further
    // down), with the later ones (the other pages, the FAQ island, the bar's menus).
    const loadedWith = (wrapper: RegExp) =>
      [...SOURCES.keys()].flatMap((file) =>
        [
          ...readFileSync(file, 'utf8').matchAll(
            new RegExp(`${wrapper.source}\\(\\s*\\(\\) =>[^']{0,40}?import\\('([^']+)'\\)`, 'g'),
          ),
        ].map(([, specifier]) => resolveLocal(file, specifier!)!),
      );
    const withPage = loadedWith(/withPageRecipes/);
    const withLater = loadedWith(/withLaterRecipes(?:\(\s*withPageRecipes)?/);
    expect(withPage.map(relative).sort()).toEqual([
      'features/public/components/contact-form.tsx',
      'features/public/components/email-signup.tsx',
      'features/public/components/faq.tsx',
      'features/public/components/loan-calculator.tsx',
      'features/public/components/sticky-apply-box.tsx',
    ]);
    expect(withLater.map(relative)).toEqual(
      expect.arrayContaining(['features/public/components/faq.tsx', 'components/navbar-menus.tsx']),
    );

    // A prerendered public page's first view: its islands render with the start-up theme alone.
    const firstView = closure(
      [path.join(SRC, 'app/islands/start-islands.tsx'), path.join(SRC, 'app/islands/registry.ts')],
      { followDynamic: true, stopAt: [viewport, ...withPage, ...withLater] },
    );
    expect(firstView.has(path.join(SRC, 'components/navbar-island.tsx'))).toBe(true);
    expect(missing(firstView, STARTUP_KEYS)).toEqual([]);

    // The whole app adds the public pages' recipes as it starts (src/app/start.tsx): its shell, and the pages that
    // src/app/routes.tsx loads without withLaterRecipes with whatever they load on demand; the islands further down
    // bring them too.
    const startup = closure([path.join(SRC, 'main.tsx'), path.join(SRC, 'app/start.tsx')], {
      followDynamic: false,
      stopAt: [viewport],
    });
    expect(startup.has(path.join(SRC, 'components/navbar.tsx'))).toBe(true);
    const routes = readFileSync(path.join(SRC, 'app/routes.tsx'), 'utf8');
    const plainPages = [...routes.matchAll(/lazyPage\(\(\) => import\('([^']+)'\)\)/g)].map(([, specifier]) =>
      resolveLocal(path.join(SRC, 'app/routes.tsx'), specifier!)!,
    );
    expect(plainPages.map(relative)).toContain('features/public/pages/landing-page.tsx');
    const withPublicRecipes = closure([...plainPages, ...withPage.filter((file) => !withLater.includes(file))], {
      followDynamic: true,
      stopAt: [viewport, ...withLater],
    });
    const publicKeys = new Set([...STARTUP_KEYS, ...PAGE_KEYS]);
    expect(missing([...startup, ...withPublicRecipes], publicKeys)).toEqual([]);
    // The scan sees what the first view leaves out: the calculator's slider and the sections' headings.
    expect(missing(withPublicRecipes, STARTUP_KEYS)).toEqual(
      expect.arrayContaining([
        'components/slider.tsx renders a component with recipe "slider"',
        expect.stringMatching(/renders a component with recipe "heading"$/),
      ]),
    );
    expect(missing([viewport], new Set([...STARTUP_KEYS, 'toast']))).toEqual([]);
  });

  it('has a recipe for every Chakra component imported anywhere in src/', () => {
    expect(missing(SOURCES.keys(), new Set([...STARTUP_KEYS, ...PAGE_KEYS, ...LATER_KEYS]))).toEqual([]);
    // The scan itself works: the admin area uses tables and tabs.
    const adminKeys = [
      ...closure([path.join(SRC, 'features/admin/pages/admin-page.tsx')], { followDynamic: true }),
    ].flatMap((file) => [...(SOURCES.get(file)?.recipeKeys ?? [])]);
    expect(adminKeys).toEqual(expect.arrayContaining(['table', 'tabs', 'button']));
  });
});
