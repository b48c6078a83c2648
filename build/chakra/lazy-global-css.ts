// Chakra's createSystem computes its global CSS (the tokens as CSS variables, the reset and the global styles, about
// 50 KB) as soon as it runs, and ChakraProvider hands it to emotion's <Global>, which serializes and hashes it again. A
// prerendered page has all of it in its head already: this makes `system._global` a getter computed on first read, and
// src/app/prerendered-styles.tsx does not read it when it hydrates such a page (some 50 ms of start-up work on a fast machine,
// four times that on a phone).
import { applyEdits } from './apply-edits.ts';

const EAGER = '  const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];\n';
const FIELD = '    _global,\n';

/** styled-system/system.js: `_global` computed on first read. */
export function lazyGlobalCss(code: string, file = 'system.js'): string {
  return applyEdits(
    code,
    file,
    [
      [EAGER, '  let _global;\n'],
      [FIELD, '    get _global() { return (_global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]); },\n'],
    ],
    'build/chakra/lazy-global-css.ts',
  );
}
