import { createSystem, defaultBaseConfig, mergeConfigs, type ThemingConfig } from '@chakra-ui/react';
import { brandConfig, chakraTheme } from './theme-config';

// The start-up theme of src/theme-config.ts: the recipes of the app shell and the public pages, the rest added later.
export const system = createSystem(defaultBaseConfig, chakraTheme, brandConfig);

/**
 * Adds recipes to the running system, for code loaded after start-up. Call it before the first render of a component
 * that uses them: the system caches a missing recipe as empty. Chakra has no public way to do this, but its
 * `getRecipe` reads the very objects kept in `_config.theme` on every call (src/theme.test.ts checks it).
 */
export function addRecipes({ recipes = {}, slotRecipes = {} }: Pick<ThemingConfig, 'recipes' | 'slotRecipes'>) {
  const theme = system._config.theme;
  if (!theme?.recipes || !theme.slotRecipes) throw new Error('the Chakra system has no recipe tables');
  // Cloned the way createSystem clones the start-up recipes.
  const added = mergeConfigs({ theme: { recipes, slotRecipes } }).theme;
  Object.assign(theme.recipes, added?.recipes);
  Object.assign(theme.slotRecipes, added?.slotRecipes);
}
