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
import { atRulesInCodeUnitOrder } from '../build/chakra/sort';
import { themeWithoutDefaultTheme } from '../build/chakra/theme-barrel';
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

type Stepwise = ((...configs: unknown[]) => SystemContext) & {
  steps: (...configs: unknown[]) => Generator<void, SystemContext, void>;
};

/** What a page gets from the system: tokens, their CSS variables, global CSS, and a recipe's classes. */
function fingerprint(system: SystemContext) {
  return JSON.stringify({
    tokens: system.tokens.allTokens.map((token): unknown[] => [token.name, token.value, token.extensions.cssVar?.ref]),
    global: system._global,
    button: system.css(system.getRecipeFn('button')({ size: 'lg', variant: 'outline' }) as never),
    properties: [...system.properties].length,
    token: system.token('colors.brand.500'),
  });
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
    const steps = module.createSystem.steps(...configs);
    let pauses = 0;
    let step = steps.next();
    while (!step.done) {
      pauses += 1;
      step = steps.next();
    }
    // After merging the configs, five inside the token dictionary, after the tokens and after the utilities.
    expect(pauses).toBe(8);
    const reference = fingerprint(createSystem(...configs));
    expect(fingerprint(step.value)).toBe(reference);
    // The synchronous function is still there, unchanged in what it returns.
    expect(fingerprint(module.createSystem(...configs))).toBe(reference);
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
