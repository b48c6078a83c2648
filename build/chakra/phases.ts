// Chakra's createSystem is one synchronous call of ~40-100 ms at start-up on a fast machine (four times that at a
// phone's speed), most of it building the token dictionary. These edits turn createSystem and createTokenDictionary
// into generators that pause between their phases, and keep the synchronous functions as they were (run to the end at
// once) with the stepwise version as their `steps` property. src/theme.ts runs the steps one task after another when
// they are there. The code of each phase is Chakra's own and runs in the same order: only the pauses are new.
// `createSystem.stepsWithTokens(prebuilt, ...configs)` takes the tokens the dictionary ends with, made at build time
// out of those very configs (prebuilt-tokens.ts), and skips the phases that make them.
import { applyEdits } from './apply-edits.ts';

const OWNER = 'build/chakra/phases.ts';

/** Drains a step generator at once: the synchronous function, as Chakra had it. */
const RUN_STEPS = `function runStepsAtOnce(steps) {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}`;

const TOKEN_DICTIONARY_BUILD = `  function build() {
    applyMiddlewares("pre");
    applyTransforms("pre");
    addConditionalTokens();
    addReferences();
    expandTokenReferences$1();
    applyMiddlewares("post");
    applyTransforms("post");
    setupViews();
  }`;

const TOKEN_DICTIONARY_END = `  registerTokens();
  registerTransform(...tokenTransforms);
  registerMiddleware(...tokenMiddlewares);
  build();
  return dictionary;
}`;

/** styled-system/token-dictionary.js: build()'s phases, with a pause before each costly one. */
export function phasedTokenDictionary(code: string, file = 'token-dictionary.js'): string {
  return applyEdits(
    code,
    file,
    [
      ['function createTokenDictionary(options) {', 'function* createTokenDictionarySteps(options) {'],
      // build() stays as Chakra wrote it (unused now); its steps are checked here and run below with pauses.
      [TOKEN_DICTIONARY_BUILD, TOKEN_DICTIONARY_BUILD],
      [
        TOKEN_DICTIONARY_END,
        `  if (options.prebuilt) {
    registerTransform(...tokenTransforms);
    registerMiddleware(...tokenMiddlewares);
    yield;
    // The tokens as build() leaves them, made at build time by this very code (build/chakra/prebuilt-tokens.ts):
    // only the views are made here.
    const prebuilt = options.prebuilt();
    allTokens.push(...prebuilt.allTokens);
    for (const token of prebuilt.named) tokenNameMap.set(token.name, token);
    setupViews();
    return dictionary;
  }
  registerTokens();
  registerTransform(...tokenTransforms);
  registerMiddleware(...tokenMiddlewares);
  yield;
  applyMiddlewares("pre");
  applyTransforms("pre");
  yield;
  addConditionalTokens();
  addReferences();
  yield;
  expandTokenReferences$1();
  yield;
  applyMiddlewares("post");
  applyTransforms("post");
  yield;
  setupViews();
  return dictionary;
}
function createTokenDictionary(options) {
  return runStepsAtOnce(createTokenDictionarySteps(options));
}
createTokenDictionary.steps = createTokenDictionarySteps;
${RUN_STEPS}`,
      ],
    ],
    OWNER,
  );
}

/**
 * With the tokens made at build time, the system needs the theme's token definitions no more: merging them (a deep
 * copy and a walk of every token) was the longest phase left. mergeConfigs runs without them (an empty object where
 * a config has some, so the theme's keys keep their order), and the merged theme's `tokens` and `semanticTokens` are
 * merged as mergeConfigs would, from the same configs, when first read (nothing in Chakra reads them then). The
 * query's category names are the keys that merge has, in its order: each config's, new ones last.
 */
const TOKENS_LATER = `const TOKEN_PARTS = ["tokens", "semanticTokens"];
function mergeConfigsTokensLater(configs) {
  const config = mergeConfigs(...configs.map((c) => {
    if (!c?.theme) return c;
    const theme = { ...c.theme };
    for (const part of TOKEN_PARTS) if (theme[part] !== void 0) theme[part] = {};
    return { ...c, theme };
  }));
  let parts;
  const mergeParts = () => parts ??= mergeConfigs(
    ...configs.map((c) => ({ theme: { tokens: c?.theme?.tokens, semanticTokens: c?.theme?.semanticTokens } }))
  ).theme;
  for (const part of TOKEN_PARTS) {
    if (!config.theme || !(part in config.theme)) continue;
    Object.defineProperty(config.theme, part, {
      configurable: true,
      enumerable: true,
      get: () => mergeParts()[part],
      set(value) {
        Object.defineProperty(this, part, { value, writable: true, enumerable: true, configurable: true });
      }
    });
  }
  return config;
}
function tokenKeysOf(configs, part) {
  const keys = /* @__PURE__ */ new Set();
  for (const c of configs) for (const key of Object.keys(c?.theme?.[part] ?? EMPTY_OBJECT)) keys.add(key);
  return [...keys];
}`;

/** styled-system/system.js: pauses after merging the configs, after the tokens, after the utilities. */
export function phasedSystem(code: string, file = 'system.js'): string {
  return applyEdits(
    code,
    file,
    [
      ['function createSystem(...configs) {', 'function* createSystemStepsWith(prebuiltTokens, configs) {'],
      [
        '  const config = mergeConfigs(...configs);\n',
        '  const config = prebuiltTokens ? mergeConfigsTokensLater(configs) : mergeConfigs(...configs);\n  yield;\n',
      ],
      [
        `  const tokens = createTokenDictionary({
    breakpoints: theme.breakpoints,
    tokens: theme.tokens,
    semanticTokens: theme.semanticTokens,
    prefix: cssVarsPrefix
  });
`,
        `  const tokens = yield* createTokenDictionary.steps({
    breakpoints: theme.breakpoints,
    tokens: prebuiltTokens ? void 0 : theme.tokens,
    semanticTokens: prebuiltTokens ? void 0 : theme.semanticTokens,
    prefix: cssVarsPrefix,
    prebuilt: prebuiltTokens
  });
  yield;
`,
      ],
      [
        `  const utility = createUtility({
    config: utilities,
    tokens
  });
`,
        `  const utility = createUtility({
    config: utilities,
    tokens
  });
  yield;
`,
      ],
      [
        'Object.keys(theme.tokens ?? EMPTY_OBJECT)',
        'prebuiltTokens ? tokenKeysOf(configs, "tokens") : Object.keys(theme.tokens ?? EMPTY_OBJECT)',
      ],
      [
        'Object.keys(theme.semanticTokens ?? EMPTY_OBJECT)',
        'prebuiltTokens ? tokenKeysOf(configs, "semanticTokens") : Object.keys(theme.semanticTokens ?? EMPTY_OBJECT)',
      ],
      [
        'const isValidSystem = (mod) => {',
        `function createSystem(...configs) {
  return runStepsAtOnce(createSystemStepsWith(undefined, configs));
}
createSystem.steps = (...configs) => createSystemStepsWith(undefined, configs);
createSystem.stepsWithTokens = (prebuiltTokens, ...configs) => createSystemStepsWith(prebuiltTokens, configs);
${RUN_STEPS}
${TOKENS_LATER}
const isValidSystem = (mod) => {`,
      ],
    ],
    OWNER,
  );
}
