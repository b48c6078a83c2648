// The token data of src/theme.ts's start-up configs (prebuilt-tokens.ts), made with Chakra's own createSystem: the
// dictionary's tokens exactly as the browser would make them. Run by the client build (plugins.ts), which reads the
// data from its output.
import { fileURLToPath } from 'node:url';
import { encodeTokens, type Token } from './prebuilt-tokens.ts';

export async function startUpTokenData(): Promise<string> {
  const [{ createSystem }, { START_CONFIGS }] = await Promise.all([
    import('@chakra-ui/react'),
    import('../../src/theme.ts'),
  ]);
  const { tokens } = createSystem(...START_CONFIGS);
  return encodeTokens(tokens.allTokens as unknown as Token[], tokens.tokenMap as unknown as Map<string, Token>);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.stdout.write(await startUpTokenData());
