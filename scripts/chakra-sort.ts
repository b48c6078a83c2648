// Issue 3 (total blocking time): Chakra orders media queries (styled-system/sort-at-params.js) with
// String#localeCompare, and the first comparison of a page sets up ICU's collator: ~8 ms on a fast machine, 20-35 ms
// on a slow one, ~100 ms at a phone's speed, in a task of its own at start-up (src/main.tsx did it early on purpose).
// Media queries are ASCII, where comparing code units orders them just as well and needs no collator. This edit makes
// those comparisons plain ones. vite.config.ts applies it to the client build and to the prerender's build alike, so
// both order rules (and so name emotion's classes) the same way; it fails loudly when a Chakra update changes the file.
import { applyEdits } from './chakra-phases';

export function atRulesInCodeUnitOrder(code: string, file = 'sort-at-params.js'): string {
  return applyEdits(code, file, [['a.localeCompare(b)', '(a < b ? -1 : a > b ? 1 : 0)', 3]], 'scripts/chakra-sort.ts');
}
