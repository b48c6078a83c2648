// Chakra's token dictionary (createTokenDictionary in styled-system/token-dictionary.js) is most of createSystem's work
// at start-up: it walks every token and semantic token of the theme, runs its transforms and middlewares on each,
// expands their references and resolves their CSS variables. What it ends with depends on the theme's configuration
// alone, so the client build does it once, at build time, with Chakra's own code, and ships the result as data: the
// browser parses it and makes the dictionary's views (setupViews) out of it, instead of walking the tokens
// (phases.ts has the edit that takes it, plugins.ts the plugin that makes it). This module turns the tokens into that
// data and back; it runs in the browser too, so it imports nothing.

/** A token as createTokenDictionary leaves it: plain data, except `extensions.references`, which names other tokens. */
export type Token = {
  name: string;
  path: string[];
  extensions: { originalPath?: unknown; references?: Record<string, Token> } & Record<string, unknown>;
} & Record<string, unknown>;

/** What the dictionary is made of: every token in order, and the token each name stands for (`tokenMap`). */
export type PrebuiltTokens = { allTokens: Token[]; named: Token[] };

// In the data: a token's originalPath that is its very path array, and a reference to another token (by index).
const SAME_AS_PATH = 0;
type Encoded = { tokens: unknown[]; named: number[] };

// A field that most tokens derive from another one (a third of the data) is 0 in the data when it is what it derives
// to; the key stays where it was, so the token's keys keep their order.
const DERIVED = 0;
type Field = {
  of: (token: Token) => Record<string, unknown> | undefined;
  key: string;
  derive: (token: Token) => unknown;
};
const FIELDS: Field[] = [
  { of: (token) => token, key: 'name', derive: (token) => token.path.join('.') },
  { of: (token) => token, key: 'originalValue', derive: (token) => token.value },
  { of: (token) => token.extensions, key: 'category', derive: (token) => token.path[0] },
  { of: (token) => token.extensions, key: 'prop', derive: (token) => token.path.slice(1).join('.') },
  {
    of: (token) => token.extensions.cssVar as Record<string, unknown> | undefined,
    key: 'ref',
    derive: (token) => `var(${(token.extensions.cssVar as { var: string }).var})`,
  },
];

/**
 * The dictionary's tokens as JSON. Throws on anything JSON would not bring back as it was (a function, a shared
 * object other than originalPath and the references, a token outside the list), so the build fails instead of
 * shipping a different dictionary.
 */
export function encodeTokens(allTokens: readonly Token[], tokenMap: ReadonlyMap<string, Token>): string {
  const index = new Map(allTokens.map((token, position) => [token, position]));
  const seen = new Set<object>();
  const plain = (value: unknown, where: string): unknown => {
    if (value === undefined) throw new Error(`token data: ${where} is undefined`);
    if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    if (typeof value !== 'object') throw new Error(`token data: ${where} is a ${typeof value}`);
    if (seen.has(value)) throw new Error(`token data: ${where} is shared with another token`);
    seen.add(value);
    if (Array.isArray(value)) return value.map((item, position) => plain(item, `${where}[${position}]`));
    if (Object.getPrototypeOf(value) !== Object.prototype) throw new Error(`token data: ${where} is not plain`);
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plain(item, `${where}.${key}`)]));
  };
  const tokens = allTokens.map((token) => {
    const { references, originalPath, ...extensions } = token.extensions;
    const encoded = plain({ ...token, extensions: {} }, token.name) as { extensions: Record<string, unknown> };
    // The extensions' own keys in their order, with the two special ones where they were.
    for (const key of Object.keys(token.extensions)) {
      if (key === 'originalPath') {
        encoded.extensions.originalPath = originalPath === token.path ? SAME_AS_PATH : plain(originalPath, key);
      } else if (key === 'references') {
        encoded.extensions.references = Object.fromEntries(
          Object.entries(references ?? {}).map(([name, target]) => {
            const position = index.get(target);
            if (position === undefined) throw new Error(`token data: ${token.name} refers to an unknown token`);
            return [name, position];
          }),
        );
      } else {
        encoded.extensions[key] = plain(extensions[key], `${token.name}.extensions.${key}`);
      }
    }
    for (const { of, key, derive } of FIELDS) {
      const source = of(token);
      if (!source || !(key in source)) continue;
      if (source[key] === derive(token)) of(encoded as Token)![key] = DERIVED;
      else if (source[key] === DERIVED) throw new Error(`token data: ${token.name} has a ${key} the data cannot hold`);
    }
    return encoded;
  });
  const named = [...tokenMap.values()].map((token) => {
    const position = index.get(token);
    if (position === undefined) throw new Error(`token data: ${token.name} is named but not listed`);
    return position;
  });
  return JSON.stringify({ tokens, named } satisfies Encoded);
}

/** The tokens of encodeTokens' JSON, new objects on every call. */
export function decodeTokens(json: string): PrebuiltTokens {
  const { tokens, named } = JSON.parse(json) as Encoded;
  const allTokens = tokens as Token[];
  for (const token of allTokens) {
    for (const { of, key, derive } of FIELDS) {
      const target = of(token);
      if (target?.[key] === DERIVED) target[key] = derive(token);
    }
    const { extensions } = token;
    if (extensions.originalPath === SAME_AS_PATH) extensions.originalPath = token.path;
    if (extensions.references) {
      const positions = extensions.references as unknown as Record<string, number>;
      extensions.references = Object.fromEntries(
        Object.entries(positions).map(([name, position]) => [name, allTokens[position]!]),
      );
    }
  }
  return { allTokens, named: named.map((position) => allTokens[position]!) };
}
