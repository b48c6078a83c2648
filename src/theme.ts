import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs, type ThemingConfig } from '@chakra-ui/react';
import {
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  semanticTokens,
  skeletonRecipe,
  sliderSlotRecipe,
  spinnerRecipe,
  textareaRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

// Issue 3: Chakra's defaultConfig carries the recipe of every component it has (date pickers, color pickers,
// tree views…), about 18 KB of the compressed start-up script. This is the same theme (the tokens, global styles and
// recipes are Chakra's own objects, merged in the same order) with only the recipes that the app shell and the public
// pages render. The other pages add the recipes they use before they render (src/lib/later-recipes.ts, addRecipes).
// A component whose recipe is in neither renders unstyled; src/theme.test.ts checks every component the app imports.
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      card: cardSlotRecipe,
      field: fieldSlotRecipe,
      slider: sliderSlotRecipe,
    },
    textStyles,
    layerStyles,
    animationStyles,
  },
});

// The app's own tokens on top of Chakra's. System fonts only: nothing is fetched from a CDN.
export const brandConfig = defineConfig({
  globalCss: {
    'html, body': { bg: 'bg', color: 'fg' },
    '*:focus-visible': { outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '2px' },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: "'Segoe UI', Roboto, 'Helvetica Neue', Arial, system-ui, sans-serif" },
        body: { value: "'Segoe UI', Roboto, 'Helvetica Neue', Arial, system-ui, sans-serif" },
      },
      colors: {
        brand: {
          50: { value: '#e8f0fd' },
          100: { value: '#c6d8f9' },
          200: { value: '#9dbaf2' },
          300: { value: '#6f98e8' },
          400: { value: '#4479db' },
          500: { value: '#1f5cc7' },
          600: { value: '#1549a6' },
          700: { value: '#0b3d91' },
          800: { value: '#082c69' },
          900: { value: '#051c44' },
          950: { value: '#03112a' },
        },
        gold: { 400: { value: '#f7c948' }, 500: { value: '#f5b301' }, 600: { value: '#cc9400' } },
      },
    },
    semanticTokens: {
      colors: {
        // Chakra's default (red.500) has 3.8:1 on white, under WCAG AA's 4.5:1 for the small field error text.
        fg: { error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } } },
        brand: {
          solid: { value: '{colors.brand.700}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
      },
    },
  },
});

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
