// The client build's stepwise createSystem (scripts/chakra-phases.ts) against the installed Chakra: the edits still
// apply, the steps pause where expected, and the system they make is the one createSystem makes at once.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createSystem, defaultBaseConfig, type SystemContext } from '@chakra-ui/react';
import { afterAll, describe, expect, it } from 'vitest';
import { phasedSystem, phasedTokenDictionary } from '../scripts/chakra-phases';
import { brandConfig, chakraTheme } from './theme-config';

const require = createRequire(import.meta.url);
const dir = path.join(path.dirname(require.resolve('@chakra-ui/react')), '..', 'esm', 'styled-system');
const SUFFIX = `.phases-test-${process.pid}.js`;
const written: string[] = [];

/** The edited files beside the originals (their relative imports must resolve), under names of their own. */
function writePhased() {
  const dictionary = path.join(dir, `token-dictionary${SUFFIX}`);
  const system = path.join(dir, `system${SUFFIX}`);
  writeFileSync(dictionary, phasedTokenDictionary(readFileSync(path.join(dir, 'token-dictionary.js'), 'utf8')));
  const systemCode = phasedSystem(readFileSync(path.join(dir, 'system.js'), 'utf8'));
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

describe('Chakra createSystem in phases (issue 3, total blocking time)', () => {
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

  it('refuses a Chakra file that no longer matches, instead of building without pauses', () => {
    expect(() => phasedSystem('function createSystem(config) {}')).toThrow(/update scripts\/chakra-phases\.ts/);
    expect(() => phasedTokenDictionary('function createTokenDictionary(options) {}')).toThrow(
      /update scripts\/chakra-phases\.ts/,
    );
  });
});
