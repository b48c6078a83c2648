import type { PrebuiltTokens } from '../build/chakra/prebuilt-tokens';

/**
 * Chakra's token dictionary for src/theme.ts's start-up configs, made at build time. Nothing here: the client build
 * serves this module with the data in it (build/chakra/plugins.ts); the prerender and the tests make the tokens as
 * Chakra does.
 */
export const prebuiltTokens: (() => PrebuiltTokens) | undefined = undefined;
