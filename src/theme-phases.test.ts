// The build's edits of Chakra (build/chakra/) against the installed files: every edit still applies (a Chakra update
// that changes an edited file fails here, not only in the build), the client build's system.js (lazy global CSS and
// createSystem in phases) pauses where expected and makes the system createSystem makes at once, the media query order
// without ICU's collator is the order Chakra's own makes of the app's queries, and the theme barrel keeps every export
// src/ uses.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createSystem, defaultBaseConfig, type SystemContext } from '@chakra-ui/react';
import { afterAll, describe, expect, it } from 'vitest';
import { lazyGlobalCss } from '../build/chakra/lazy-global-css';
import { editStyledSystemFile, STYLED_SYSTEM_EDITS } from '../build/chakra/plugins';
import { phasedSystem, phasedTokenDictionary } from '../build/chakra/phases';
import { decodeTokens, encodeTokens, type Token } from '../build/chakra/prebuilt-tokens';
import { atRulesInCodeUnitOrder } from '../build/chakra/sort';
import { startUpTokenData } from '../build/chakra/token-data';
import { themeWithoutDefaultTheme } from '../build/chakra/theme-barrel';
import { START_CONFIGS } from './theme';
import { brandConfig, chakraTheme } from './theme-config';

const require = createRequire(import.meta.url);
const dir = path.join(path.dirname(require.resolve('@chakra-ui/react')), '..', 'esm', 'styled-system');
const SUFFIX = `.phases-test-${process.pid}.js`;
const written: string[] = [];

/** The edited files beside the originals (their relative imports must resolve), under names of their own. */
function writePhased() {
  const dictionary = path.join(dir, `token-dictionary${SUFFIX}`);
  const system = path.join(dir, `system${SUFFIX}`);
  const clientEdit = (file: string) =>
    editStyledSystemFile(file, readFileSync(path.join(dir, file), 'utf8'), { isSsr: false }) ?? '';
  writeFileSync(dictionary, clientEdit('token-dictionary.js'));
  // As the client build has it: the global CSS computed on first read, and createSystem in phases.
  const systemCode = clientEdit('system.js');
  const importLine = "from './token-dictionary.js';";
  expect(systemCode).toContain(importLine);
  writeFileSync(system, systemCode.replace(importLine, `from './token-dictionary${SUFFIX}';`));
  written.push(dictionary, system);
  return system;
}

afterAll(() => {
  for (const file of written) rmSync(file, { force: true });
});

type Steps = Generator<void, SystemContext, void>;
type Stepwise = ((...configs: unknown[]) => SystemContext) & {
  steps: (...configs: unknown[]) => Steps;
  stepsWithTokens: (prebuilt: () => ReturnType<typeof decodeTokens>, ...configs: unknown[]) => Steps;
};

/**
 * What a page gets from the system: tokens, their CSS variables, global CSS, a recipe's classes, and the dictionary's
 * views (what the utilities and components look tokens up in).
 */
function fingerprint(system: SystemContext) {
  const { tokens } = system;
  const views = (map: Map<string, unknown>) =>
    [...map].map(([key, value]) => [key, value instanceof Map ? [...value] : value]);
  return JSON.stringify({
    tokens: tokens.allTokens.map((token): unknown[] => [token.name, token.value, token.extensions.cssVar?.ref]),
    names: [...tokens.tokenMap.keys()],
    cssVars: views(tokens.cssVarMap),
    flat: [...tokens.flatMap],
    categories: views(tokens.categoryMap as Map<string, Map<string, { name: string }>>).map(([key, entries]) => [
      key,
      (entries as [string, { name: string }][]).map(([prop, token]) => [prop, token.name]),
    ]),
    palettes: views(tokens.colorPaletteMap),
    global: system._global,
    button: system.css(system.getRecipeFn('button')({ size: 'lg', variant: 'outline' }) as never),
    palette: system.css({ colorPalette: 'brand', bg: 'colorPalette.solid', color: 'fg.error/50', p: '4' }),
    properties: [...system.properties].length,
    token: system.token('colors.brand.500'),
    spacing: tokens.getCategoryValues('spacing'),
  });
}

function run(steps: Steps) {
  let pauses = 0;
  let step = steps.next();
  while (!step.done) {
    pauses += 1;
    step = steps.next();
  }
  return { pauses, system: step.value };
}

describe("the build's edits of Chakra", () => {
  it('each applies to the installed files, in the client build and in the prerender', () => {
    for (const { file } of STYLED_SYSTEM_EDITS) {
      const code = readFileSync(path.join(dir, file), 'utf8');
      expect(editStyledSystemFile(file, code, { isSsr: false }), file).not.toBe(code);
      expect(() => editStyledSystemFile(file, code, { isSsr: true }), file).not.toThrow();
    }
  });

  it('serve the theme barrel without the default theme, keeping what src/ imports from it', async () => {
    const barrel = path.join(dir, '..', 'theme', 'index.js');
    const file = path.join(dir, '..', 'theme', `index${SUFFIX}`);
    writeFileSync(file, themeWithoutDefaultTheme(readFileSync(barrel, 'utf8')));
    written.push(file);
    const edited = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as Record<string, unknown>;
    const original = (await import(/* @vite-ignore */ pathToFileURL(barrel).href)) as Record<string, unknown>;
    const removed = ['defaultThemeConfig', 'recipes', 'slotRecipes'];
    expect(Object.keys(edited).sort()).toEqual(
      Object.keys(original)
        .filter((key) => !removed.includes(key))
        .sort(),
    );
  });
});

describe('Chakra createSystem in phases, with the global CSS computed on first read', () => {
  it('pauses between phases and makes the same system as createSystem at once', async () => {
    const module = (await import(/* @vite-ignore */ pathToFileURL(writePhased()).href)) as {
      createSystem: Stepwise;
    };
    const configs = [defaultBaseConfig, chakraTheme, brandConfig];
    const { pauses, system } = run(module.createSystem.steps(...configs));
    // After merging the configs, five inside the token dictionary, after the tokens and after the utilities.
    expect(pauses).toBe(8);
    const reference = fingerprint(createSystem(...configs));
    expect(fingerprint(system)).toBe(reference);
    // The synchronous function is still there, unchanged in what it returns.
    expect(fingerprint(module.createSystem(...configs))).toBe(reference);
  });

  it("with the build's token data, makes the same system without making the tokens", async () => {
    const module = (await import(/* @vite-ignore */ pathToFileURL(writePhased()).href)) as {
      createSystem: Stepwise;
    };
    const data = await startUpTokenData();
    let decoded = 0;
    const prebuilt = () => {
      decoded += 1;
      return decodeTokens(data);
    };
    const { pauses, system } = run(module.createSystem.stepsWithTokens(prebuilt, ...START_CONFIGS));
    // After merging the configs, one before the data in the token dictionary, after the tokens and the utilities.
    expect(pauses).toBe(4);
    expect(decoded).toBe(1);
    const reference = createSystem(...START_CONFIGS);
    expect(fingerprint(system)).toBe(fingerprint(reference));
    // The theme's token definitions are merged only when read, and are then what mergeConfigs makes of them; the
    // theme's keys keep their order, and the query names the same categories.
    expect(Object.getOwnPropertyDescriptor(system._config.theme, 'tokens')?.get).toBeTypeOf('function');
    expect(Object.keys(system._config.theme ?? {})).toEqual(Object.keys(reference._config.theme ?? {}));
    expect(system._config).toStrictEqual(reference._config);
    expect(system.query.tokens.categoryKeys).toEqual(reference.query.tokens.categoryKeys);
    expect(system.query.semanticTokens.categoryKeys).toEqual(reference.query.semanticTokens.categoryKeys);
    expect(system.query.semanticTokens.list('colors')).toEqual(reference.query.semanticTokens.list('colors'));
  });

  it('refuses a Chakra file that no longer matches, instead of building without them', () => {
    expect(() => lazyGlobalCss('const _global = [];')).toThrow(/update build\/chakra\/lazy-global-css\.ts/);
    expect(() => themeWithoutDefaultTheme('export {};')).toThrow(/update build\/chakra\/theme-barrel\.ts/);
    expect(() => phasedSystem('function createSystem(config) {}')).toThrow(/update build\/chakra\/phases\.ts/);
    expect(() => phasedTokenDictionary('function createTokenDictionary(options) {}')).toThrow(
      /update build\/chakra\/phases\.ts/,
    );
  });
});

describe("the token dictionary's tokens as data, made at build time", () => {
  it("are Chakra's own tokens for the start-up configs, the same on every read", async () => {
    const { tokens } = createSystem(...START_CONFIGS);
    const data = await startUpTokenData();
    const decoded = decodeTokens(data);
    // Every field, in order, nested objects and references included.
    expect(decoded.allTokens).toStrictEqual(tokens.allTokens);
    const keys = (value: unknown) => JSON.stringify(value, (key, item: unknown) => (key === 'references' ? {} : item));
    expect(keys(decoded.allTokens)).toBe(keys(tokens.allTokens));
    expect(decoded.named.map((token) => token.name)).toEqual([...tokens.tokenMap.keys()]);
    // Each name stands for the very token Chakra's map has (by its place in the list).
    const places = [...tokens.tokenMap.values()].map((token) => tokens.allTokens.indexOf(token));
    expect(decoded.named.every((token, index) => token === decoded.allTokens[places[index]!])).toBe(true);
    // The originalPath is the very path array, as Chakra has it.
    expect(decoded.allTokens[0]!.extensions.originalPath).toBe(decoded.allTokens[0]!.path);
    // New objects every time: a second system never shares tokens with the first.
    expect(decodeTokens(data).allTokens[0]).not.toBe(decoded.allTokens[0]);
    // Smaller than the tokens written out: the fields derived from others are left out.
    expect(data.length).toBeLessThan(JSON.stringify(tokens.allTokens).length * 0.85);
  });

  it('keeps references to other tokens as references', () => {
    const base: Token = {
      name: 'colors.red',
      path: ['colors', 'red'],
      value: '#f00',
      extensions: { category: 'colors' },
    };
    const alias: Token = {
      name: 'colors.danger',
      path: ['colors', 'danger'],
      value: '{colors.red}',
      extensions: { category: 'colors', references: { 'colors.red': base } },
    };
    const { allTokens, named } = decodeTokens(encodeTokens([base, alias], new Map([['colors.danger', alias]])));
    expect(allTokens[1]!.extensions.references?.['colors.red']).toBe(allTokens[0]);
    expect(allTokens).toStrictEqual([base, alias]);
    expect(named).toEqual([allTokens[1]]);
  });

  it('refuses tokens that JSON would not bring back as they were, instead of shipping different ones', () => {
    const token = (extensions: Record<string, unknown>, value: unknown = '1px'): Token => ({
      name: 'sizes.px',
      path: ['sizes', 'px'],
      value,
      extensions,
    });
    const encode = (tokens: Token[]) => encodeTokens(tokens, new Map());
    expect(() => encode([token({ transform: () => 1 })])).toThrow(/is a function/);
    expect(() => encode([token({ when: undefined })])).toThrow(/is undefined/);
    expect(() => encode([token({ at: new Map() })])).toThrow(/is not plain/);
    const shared = { var: '--x' };
    expect(() => encode([token({ cssVar: shared }), token({ cssVar: shared })])).toThrow(/is shared/);
    const stranger = token({});
    expect(() => encode([token({ references: { 'sizes.px': stranger } })])).toThrow(/unknown token/);
    // 0 stands for a derived field in the data: a real 0 there cannot be told from it.
    expect(() => encode([token({ category: 0 })])).toThrow(/cannot hold/);
    expect(() => encodeTokens([], new Map([['sizes.px', stranger]]))).toThrow(/named but not listed/);
  });
});

describe("Chakra's media query order without ICU's collator", () => {
  it("orders every at-rule of the app's conditions and breakpoints as localeCompare did", async () => {
    const file = path.join(dir, `sort-at-params${SUFFIX}`);
    writeFileSync(file, atRulesInCodeUnitOrder(readFileSync(path.join(dir, 'sort-at-params.js'), 'utf8')));
    written.push(file);
    type Sort = { sortAtParams: (a: string, b: string) => number };
    const edited = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as Sort;
    const original = (await import(/* @vite-ignore */ pathToFileURL(path.join(dir, 'sort-at-params.js')).href)) as Sort;
    const system = createSystem(defaultBaseConfig, chakraTheme, brandConfig);
    const atRules = [
      ...new Set(
        system.conditions
          .keys()
          .map((key) => system.conditions.resolve(key))
          // Chakra sorts the keys of a style that start with these (sort-at-rules.js), whole.
          .filter(
            (condition): condition is string => typeof condition === 'string' && /^@(media|container)/.test(condition),
          ),
      ),
    ];
    expect(atRules.length).toBeGreaterThan(20);
    expect(atRules.toSorted(edited.sortAtParams)).toEqual(atRules.toSorted(original.sortAtParams));
    // Reversed input too, so the comparison of every pair is exercised both ways round.
    const reversed = atRules.toReversed();
    expect(reversed.toSorted(edited.sortAtParams)).toEqual(reversed.toSorted(original.sortAtParams));
  });

  it('refuses a file that does not compare with localeCompare three times', () => {
    expect(() => atRulesInCodeUnitOrder('return a.localeCompare(b);')).toThrow(/update build\/chakra\/sort\.ts/);
  });
});
