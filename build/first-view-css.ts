// The global CSS a page of islands carries in its head, cut to what its first view reads (docs/architecture.md,
// "First-view CSS"). Chakra's global CSS declares ~450 custom properties on the root and two dozen more on every
// element (`*`), and ~30 keyframes; a prerendered landing page reads about a third of the variables and two of the
// keyframes. Every declared variable is work in the first style recalculation of every element (the page's longest
// task on a slow phone), so the head keeps what the page's own CSS and markup reach and the rest waits in a
// <template> until React starts (src/lib/later-styles.ts).
//
// The CSS is emotion's minified output: rules, at-rules with a block (@layer, @media, @keyframes) and at-rule statements
// (@layer a,b;). Strings and parentheses are respected when splitting; anything else is kept as it is.

const CUSTOM_PROPERTY = /^(--[\w-]+)\s*:([\s\S]*)$/;
const VAR_REFERENCE = /var\(\s*(--[\w-]+)/g;
const KEYFRAMES = /^@(?:-webkit-)?keyframes\s+([\w-]+)\s*$/;
// At-rules whose block holds rules (not declarations, not keyframe selectors).
const GROUPING = /^@(layer|media|supports|container|scope)\b/;

/** A rule parsed once: grouping at-rules hold their rules, style rules their declarations, keyframes stay text. */
type Rule =
  | { kind: 'statement'; text: string }
  | { kind: 'group'; prelude: string; rules: Rule[] }
  | { kind: 'keyframes'; name: string; text: string }
  | { kind: 'style'; prelude: string; declarations: string[] };

/**
 * Walks the text from `from`, outside strings, with the nesting depth of parentheses and braces around each character
 * (a closing one counts as outside), and returns the first index where `stop` says so, or -1 at the end.
 */
function indexWhere(css: string, from: number, stop: (char: string, depth: number) => boolean): number {
  let depth = 0;
  let quote = '';
  for (let index = from; index < css.length; index += 1) {
    const char = css[index]!;
    if (quote) {
      if (char === '\\') index += 1;
      else if (char === quote) quote = '';
      continue;
    }
    if (char === '"' || char === "'") {
      quote = char;
      continue;
    }
    if (char === ')' || char === '}') depth -= 1;
    if (depth < 0) throw new Error(`first-view CSS: unbalanced "${char}" at ${index}`);
    if (stop(char, depth)) return index;
    if (char === '(' || char === '{') depth += 1;
  }
  if (depth !== 0 || quote) throw new Error('first-view CSS: unbalanced block at the end');
  return -1;
}

/** The rules of a style sheet or of a block's body, in order. */
function parseRules(css: string): Rule[] {
  const rules: Rule[] = [];
  let index = 0;
  while (index < css.length) {
    if (/\s/.test(css[index]!)) {
      index += 1;
      continue;
    }
    const open = indexWhere(css, index, (char, depth) => depth === 0 && (char === '{' || char === ';'));
    if (open === -1) throw new Error(`first-view CSS: a rule without a block at ${index}`);
    if (css[open] === ';') {
      rules.push({ kind: 'statement', text: css.slice(index, open + 1) });
      index = open + 1;
      continue;
    }
    const close = indexWhere(css, open, (char, depth) => depth === 0 && char === '}');
    if (close === -1) throw new Error('first-view CSS: unbalanced block at the end');
    rules.push(ruleOf(css.slice(index, open), css.slice(open + 1, close)));
    index = close + 1;
  }
  return rules;
}

function ruleOf(prelude: string, body: string): Rule {
  const keyframes = KEYFRAMES.exec(prelude);
  if (keyframes) return { kind: 'keyframes', name: keyframes[1]!, text: `${prelude}{${body}}` };
  if (GROUPING.test(prelude)) return { kind: 'group', prelude, rules: parseRules(body) };
  return { kind: 'style', prelude, declarations: declarations(body) };
}

/** A declaration list split at its top-level semicolons. */
function declarations(body: string): string[] {
  const parts: string[] = [];
  let index = 0;
  while (index < body.length) {
    const end = indexWhere(body, index, (char, depth) => depth === 0 && char === ';');
    const part = body.slice(index, end === -1 ? body.length : end).trim();
    if (part) parts.push(part);
    index = end === -1 ? body.length : end + 1;
  }
  return parts;
}

const referencesIn = (text: string) => [...text.matchAll(VAR_REFERENCE)].map((match) => match[1]!);

type Walk = { onDeclaration?: (name: string, value: string) => void; onOther?: (text: string) => void };

/** Visits every declaration of the sheet's style rules (custom properties by name) and every other piece of text. */
function walk(rules: Rule[], visit: Walk) {
  for (const rule of rules) {
    if (rule.kind === 'statement') visit.onOther?.(rule.text);
    else if (rule.kind === 'group') walk(rule.rules, visit);
    else if (rule.kind === 'style') {
      visit.onOther?.(rule.prelude);
      for (const declaration of rule.declarations) {
        const custom = CUSTOM_PROPERTY.exec(declaration);
        if (custom) visit.onDeclaration?.(custom[1]!, custom[2]!);
        else visit.onOther?.(declaration);
      }
    }
  }
}

export type FirstViewCss = {
  /** The global CSS the head keeps. */
  head: string;
  /** What it left out, in the same layers and rules: appended after it when React starts. Empty when nothing was. */
  later: string;
};

/**
 * Splits global CSS into what a first view reads and the rest. `pageText`: everything else the first view holds that
 * can read a variable or name a keyframe (its component CSS and its markup, inline styles included).
 *
 * Kept: every custom property the page's text or the kept global CSS reaches through `var()`, following the
 * variables' own values; every keyframe named in that text or in a kept declaration; every other declaration and
 * rule. A variable declared in several rules is kept or left out in all of them.
 */
export function splitFirstViewCss(globalCss: string, pageText: string): FirstViewCss {
  const sheet = parseRules(globalCss);
  const definitions = new Map<string, string[]>();
  const wanted = referencesIn(pageText);
  walk(sheet, {
    onDeclaration: (name, value) => definitions.set(name, [...(definitions.get(name) ?? []), value]),
    onOther: (text) => wanted.push(...referencesIn(text)),
  });
  const used = new Set<string>();
  while (wanted.length) {
    const name = wanted.pop()!;
    if (used.has(name)) continue;
    used.add(name);
    for (const value of definitions.get(name) ?? []) wanted.push(...referencesIn(value));
  }
  let keptText = pageText;
  walk(sheet, {
    onDeclaration: (name, value) => {
      if (used.has(name)) keptText += `;${value}`;
    },
    onOther: (text) => {
      keptText += `;${text}`;
    },
  });
  const isNamed = (name: string) => new RegExp(`(^|[^\\w-])${name.replace(/[-]/g, '\\-')}([^\\w-]|$)`).test(keptText);

  const split = (rules: Rule[]): FirstViewCss => {
    let head = '';
    let later = '';
    for (const rule of rules) {
      if (rule.kind === 'statement') head += rule.text;
      else if (rule.kind === 'keyframes') {
        if (isNamed(rule.name)) head += rule.text;
        else later += rule.text;
      } else if (rule.kind === 'group') {
        const inner = split(rule.rules);
        if (inner.head) head += `${rule.prelude}{${inner.head}}`;
        if (inner.later) later += `${rule.prelude}{${inner.later}}`;
      } else {
        const kept: string[] = [];
        const left: string[] = [];
        for (const declaration of rule.declarations) {
          const custom = CUSTOM_PROPERTY.exec(declaration);
          (custom && !used.has(custom[1]!) ? left : kept).push(declaration);
        }
        if (kept.length || !left.length) head += `${rule.prelude}{${kept.map((part) => `${part};`).join('')}}`;
        if (left.length) later += `${rule.prelude}{${left.map((part) => `${part};`).join('')}}`;
      }
    }
    return { head, later };
  };
  return split(sheet);
}
