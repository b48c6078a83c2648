// `@chakra-ui/react/theme` is a barrel whose own code also assembles Chakra's whole default theme out of `recipes.js`
// and `slot-recipes.js`, which import every recipe. src/theme.ts takes the tokens from it and src/lib/later-recipes.ts
// the recipes it adds later; unused or not, that default theme makes the bundler count every recipe as needed at
// start-up and put the later ones into the entry chunk. For imports from src/, the client build serves the same barrel
// without the default theme (`defaultThemeConfig`, `recipes`, `slotRecipes`: src/ uses none of them).

const EDITS: [RegExp, (match: string) => string][] = [
  [/^import \{ recipes \} from '\.\/recipes\.js';\n/m, () => ''],
  [/^import \{ slotRecipes \} from '\.\/slot-recipes\.js';\n/m, () => ''],
  [/^const defaultThemeConfig = defineConfig\(\{\n[\s\S]*?^\}\);\n/m, () => ''],
  [
    /^export \{ animationStyles, [^\n]*defaultThemeConfig, [^\n]*recipes, [^\n]*slotRecipes, [^\n]*\};$/m,
    (line) => line.replace(/\b(defaultThemeConfig|recipes|slotRecipes), /g, ''),
  ],
];

/** dist/esm/theme/index.js without the default theme; fails loudly when a Chakra update changes the file. */
export function themeWithoutDefaultTheme(code: string, file = 'theme/index.js'): string {
  let result = code;
  for (const [pattern, replace] of EDITS) {
    if (!pattern.test(result))
      throw new Error(`${file} no longer matches ${pattern}: update build/chakra/theme-barrel.ts`);
    result = result.replace(pattern, replace);
  }
  return result;
}
