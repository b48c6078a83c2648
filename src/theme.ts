import { createSystem, defaultBaseConfig, mergeConfigs, type ThemingConfig } from '@chakra-ui/react';
import type { PrebuiltTokens } from '../build/chakra/prebuilt-tokens';
import { nextTask } from './lib/idle';
import { brandConfig, chakraTheme } from './theme-config';

type Configs = Parameters<typeof createSystem>;
type SystemSteps = Generator<void, ReturnType<typeof createSystem>, void>;
type Stepwise = typeof createSystem & {
  steps?: (...configs: Configs) => SystemSteps;
  stepsWithTokens?: (prebuilt: () => PrebuiltTokens, ...configs: Configs) => SystemSteps;
};

/**
 * Runs createSystem's phases one task after another, so the page answers input between them instead of waiting for
 * one long task (total blocking time). The phases exist in the client build only (build/chakra/phases.ts);
 * elsewhere the system is created at once. `prebuilt`: the token dictionary's tokens for these very configs, made at
 * build time (build/chakra/prebuilt-tokens.ts), so the browser does not walk the tokens at all.
 */
async function createSystemInTasks(prebuilt: (() => PrebuiltTokens) | undefined, ...configs: Configs) {
  const { steps: stepwise, stepsWithTokens } = createSystem as Stepwise;
  if (!stepwise) return createSystem(...configs);
  const steps = prebuilt && stepsWithTokens ? stepsWithTokens(prebuilt, ...configs) : stepwise(...configs);
  for (;;) {
    // A pause before the first phase too (merging the configs): the caller is often a module that has just run,
    // in a task long enough already.
    await nextTask();
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The start-up theme of src/theme-config.ts: the recipes of the app shell and the public pages, the rest added later.
 * The client build makes its token dictionary out of these (build/chakra/plugins.ts).
 */
export const START_CONFIGS = [defaultBaseConfig, chakraTheme, brandConfig] as const;
type System = ReturnType<typeof createSystem>;
let created: System | undefined;
let preparing: Promise<System> | undefined;

/**
 * The token dictionary's tokens made at build time (build/chakra/prebuilt-tokens.ts), for the whole app: a chunk of
 * its own (some 10 KB compressed), loaded while the system's first phase runs. A page of islands (src/main.tsx) does
 * without: its first download has a budget (bench/frontend.ts), and it makes the tokens as Chakra does. Without the
 * chunk (the prerender, the tests, a failed load) the tokens are made here too.
 */
async function loadPrebuiltTokens() {
  if (typeof document === 'undefined' || document.getElementById('root')?.dataset.islands) return undefined;
  try {
    return (await import('./theme-prebuilt-tokens')).prebuiltTokens;
  } catch {
    return undefined;
  }
}

/**
 * Creates the system in tasks (the client build; at once elsewhere). src/main.tsx and src/app/start.tsx wait for it
 * before the app renders. Not a top-level await in this module: that made the bundler split the app's start-up code
 * into some 30 more small chunks, 5.9 KB more of compressed JavaScript for the landing page (the 170 KB goal).
 */
export function prepareSystem(): Promise<System> {
  preparing ??= loadPrebuiltTokens()
    .then((prebuilt) => createSystemInTasks(prebuilt, ...START_CONFIGS))
    .then((system) => (created ??= system));
  return preparing;
}

/** The system prepareSystem made; created at once when nothing prepared it (server rendering, tests). */
export function getSystem(): System {
  created ??= createSystem(...START_CONFIGS);
  return created;
}

const addedRecipes = new WeakSet<object>();

/**
 * Adds recipes to the running system, for code loaded after start-up. Call it before the first render of a component
 * that uses them: the system caches a missing recipe as empty. Chakra has no public way to do this, but its
 * `getRecipe` reads the very objects kept in `_config.theme` on every call (src/theme.test.ts checks it).
 */
export function addRecipes(config: Pick<ThemingConfig, 'recipes' | 'slotRecipes'>) {
  // Each set once: its loaders run again for every component that comes with it.
  if (addedRecipes.has(config)) return;
  const { recipes = {}, slotRecipes = {} } = config;
  const theme = getSystem()._config.theme;
  if (!theme?.recipes || !theme.slotRecipes) throw new Error('the Chakra system has no recipe tables');
  // Cloned the way createSystem clones the start-up recipes.
  const added = mergeConfigs({ theme: { recipes, slotRecipes } }).theme;
  Object.assign(theme.recipes, added?.recipes);
  Object.assign(theme.slotRecipes, added?.slotRecipes);
  addedRecipes.add(config);
}
