// Repeat detection compares messages after normalisation, so near-identical variants of a looping
// message (case, spacing, zero-width characters, punctuation, look-alike letters) count as repeats
// (docs/security.md L, test L2). The result is only ever compared for equality: folding two genuinely
// different messages together is harmless, missing a disguised repeat is not.

// Letters from other scripts (and digits) that look like Latin ones, after lower-casing.
const HOMOGLYPHS: Record<string, string> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  г: 'r',
  һ: 'h',
  і: 'l',
  ї: 'l',
  ј: 'j',
  к: 'k',
  ӏ: 'l',
  м: 'm',
  н: 'h',
  о: 'o',
  п: 'n',
  р: 'p',
  с: 'c',
  ѕ: 's',
  т: 't',
  у: 'y',
  х: 'x',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  // Greek
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'l',
  κ: 'k',
  μ: 'u',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  // Latin look-alikes that NFKC keeps
  ı: 'l',
  ɑ: 'a',
  ɡ: 'g',
  ǀ: 'l',
  ʏ: 'y',
  // i, l and 1 are one class: "WEEKIY" (capital i) and "WEEK1Y" both read as "weekly".
  i: 'l',
  // Digit and symbol stand-ins
  '0': 'o',
  '1': 'l',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
};

// Format characters (zero-width space/joiners, BOM, soft hyphen, bidi marks, tags) and blank fillers.
const INVISIBLE = /[\p{Cf}\u115F\u1160\u3164\uFFA0]/gu;
const MARKS = /\p{M}/gu;
const NOT_WORD = /[^\p{L}\p{N}\s]/gu;

/**
 * A readable normal form: NFKC, case folded, diacritics and invisible characters removed, look-alike
 * letters folded to Latin, punctuation and symbols removed, whitespace collapsed to single spaces.
 */
export function normalizeMessage(text: string): string {
  const folded = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(MARKS, '')
    .replace(INVISIBLE, '');
  const latin = Array.from(folded, (char) => HOMOGLYPHS[char] ?? char)
    .join('')
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w');
  return latin.replace(NOT_WORD, '').replace(/\s+/g, ' ').trim();
}

/**
 * The value repeats are compared on: the normal form without spaces and with runs of one character
 * collapsed ("F U N D  WEEEKLY" = "fund weekly"). A message of symbols only (emoji) keeps its symbols,
 * so two different emoji are not the same message.
 */
export function repeatKey(text: string): string {
  const key = normalizeMessage(text)
    .replace(/\s+/g, '')
    .replace(/(.)\1+/gu, '$1');
  if (key) return key;
  return text.normalize('NFKC').replace(INVISIBLE, '').replace(/\s+/g, '').toLowerCase();
}
