// Chakra orders media queries (styled-system/sort-at-params.js) with String#localeCompare, and the first comparison of
// a page sets up ICU's collator: ~8 ms on a fast machine, ~100 ms at a phone's speed, in a task of its own at start-up.
// Media queries are ASCII, where comparing code units orders them just as well and needs no collator. This edit makes
// those comparisons plain ones. It applies to the client build and to the prerender's build alike, so both order rules
// (and so name emotion's classes) the same way.
import { applyEdits } from './apply-edits.ts';

export function atRulesInCodeUnitOrder(code: string, file = 'sort-at-params.js'): string {
  return applyEdits(code, file, [['a.localeCompare(b)', '(a < b ? -1 : a > b ? 1 : 0)', 3]], 'build/chakra/sort.ts');
}
