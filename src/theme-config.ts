// The app's Chakra theme, as configuration: src/theme.ts makes the system out of it. Apart so that the browser runs
// Chakra's own code (this module's imports) and the costly createSystem call in separate tasks (src/main.tsx,
// total blocking time).
import { defineConfig } from '@chakra-ui/react';
import {
  animationStyles,
  breakpoints,
  buttonRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  iconRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  semanticTokens,
  skeletonRecipe,
  spinnerRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

type TokenTree = { [key: string]: unknown };
const isTree = (value: unknown): value is TokenTree => typeof value === 'object' && value !== null;

/**
 * Semantic tokens with their light value only. The app has no dark mode (nothing sets Chakra's `dark` class), and
 * every `{ _light, _dark }` pair costs a conditional token at start-up and a rule in the global CSS: without them,
 * creating the system takes about a quarter less time on the main thread.
 */
function withoutDarkMode<T extends object>(semanticTokens: T): T {
  const strip = (node: unknown): unknown => {
    if (!isTree(node)) return node;
    if (isTree(node.value) && '_light' in node.value) return { ...node, value: node.value._light };
    return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, strip(child)]));
  };
  return strip(semanticTokens) as T;
}

/**
 * Chakra's colour palettes that nothing in the app uses (src/theme.test.ts checks no source names them). Each palette
 * is 11 colour tokens and 7 semantic ones to resolve at start-up: without these four, creating the system takes about
 * a fifth less time (median of 10 cold runs in Node, 54 ms against 69 ms, total blocking time), and the page's
 * token CSS is smaller.
 */
export const UNUSED_PALETTES = ['teal', 'cyan', 'purple', 'pink'] as const;

/** A token table (Chakra's tokens or semantic tokens) without the unused palettes among its colours. */
export function appTokens<T extends { colors?: object }>(tokens: T): T {
  if (!tokens.colors) return tokens;
  const unused = new Set<string>(UNUSED_PALETTES);
  return { ...tokens, colors: Object.fromEntries(Object.entries(tokens.colors).filter(([name]) => !unused.has(name))) };
}

/** Semantic tokens with their light value only and without the unused palettes. */
export function appSemanticTokens<T extends { colors?: object }>(semanticTokens: T): T {
  return appTokens(withoutDarkMode(semanticTokens));
}

// Chakra's defaultConfig carries the recipe of every component it has (date pickers, color pickers,
// tree views…), about 18 KB of the compressed start-up script. This is the same theme (the tokens, global styles and
// recipes are Chakra's own objects, merged in the same order) with only the recipes of the first view's islands of a
// prerendered public page (the navigation bar, the hero's buttons): the rest of a public page is HTML and CSS there.
// The whole app and the islands further down add the public pages' other recipes before they render
// (src/lib/page-recipes.ts), the other pages the rest (src/lib/later-recipes.ts). A component whose recipe is in none
// renders unstyled; src/theme.test.ts checks every component the app imports.
export const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: appTokens(tokens),
    semanticTokens: appSemanticTokens(semanticTokens),
    recipes: {
      button: buttonRecipe,
      icon: iconRecipe,
      link: linkRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {},
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
        fg: { error: { value: '{colors.red.700}' } },
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
