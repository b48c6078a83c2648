// Issue 3 (total blocking time): Chakra orders media queries (styled-system/sort-at-params.js) with
// String#localeCompare, and the first comparison of a page sets up ICU's collator: ~8 ms on a fast machine, 20-35 ms
// on a slow one, ~100 ms at a phone's speed, in a task of its own at start-up (src/main.tsx did it early on purpose).
// Media queries are ASCII, where comparing code units orders them just as well and needs no collator. This edit makes
// those comparisons plain ones. vite.config.ts applies it to the client build and to the prerender's build alike, so
// both order rules (and so name emotion's classes) the same way; it fails loudly when a Chakra update changes the file.
const COMPARE = 'a.localeCompare(b)';
const PLAIN = '(a < b ? -1 : a > b ? 1 : 0)';

export function atRulesInCodeUnitOrder(code: string, file = 'sort-at-params.js'): string {
  const count = code.split(COMPARE).length - 1;
  if (count !== 3) {
    throw new Error(`${file} has ${count} calls of ${COMPARE}, not 3: update scripts/chakra-sort.ts`);
  }
  return code.split(COMPARE).join(PLAIN);
}
