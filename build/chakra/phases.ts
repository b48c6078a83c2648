// Chakra's createSystem is one synchronous call of ~40-100 ms at start-up on a fast machine (four times that at a
// phone's speed), most of it building the token dictionary. These edits turn createSystem and createTokenDictionary
// into generators that pause between their phases, and keep the synchronous functions as they were (run to the end at
// once) with the stepwise version as their `steps` property. src/theme.ts runs the steps one task after another when
// they are there. The code of each phase is Chakra's own and runs in the same order: only the pauses are new.
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
        `  registerTokens();
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

/** styled-system/system.js: pauses after merging the configs, after the tokens, after the utilities. */
export function phasedSystem(code: string, file = 'system.js'): string {
  return applyEdits(
    code,
    file,
    [
      ['function createSystem(...configs) {', 'function* createSystemSteps(...configs) {'],
      ['  const config = mergeConfigs(...configs);\n', '  const config = mergeConfigs(...configs);\n  yield;\n'],
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
    tokens: theme.tokens,
    semanticTokens: theme.semanticTokens,
    prefix: cssVarsPrefix
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
        'const isValidSystem = (mod) => {',
        `function createSystem(...configs) {
  return runStepsAtOnce(createSystemSteps(...configs));
}
createSystem.steps = createSystemSteps;
${RUN_STEPS}
const isValidSystem = (mod) => {`,
      ],
    ],
    OWNER,
  );
}
