import { withEmotionCache } from '@emotion/react';
import { getSystem } from '@/theme';

/**
 * The system for a page whose prerendered head holds Chakra's global CSS (scripts/prerender.mjs): without it (the
 * tokens as CSS variables, the reset, the global styles, the layer order), so ChakraProvider's <Global>s add
 * nothing. Computing and serializing that CSS again is some 50 ms of start-up work on a fast machine
 * (build/chakra/lazy-global-css.ts makes Chakra compute it only when read). The tags stay in the head for the whole visit.
 * Defined, not assigned: in the client build `_global` is a getter without a setter on the system itself.
 */
let prerenderedCssSystem: ReturnType<typeof getSystem> | undefined;
export function systemWithPrerenderedGlobalCss() {
  const system = getSystem();
  prerenderedCssSystem ??= Object.create(system, {
    _global: { value: [] },
    _config: { value: { ...system._config, disableLayers: true } },
  }) as typeof system;
  return prerenderedCssSystem;
}

let hasAdoptedPrerenderedStyles = false;

/**
 * Tells emotion's cache which component rules the prerendered head has (the names in its
 * `<style data-ssr-emotion="css …">`), so that hydrating inserts none of them again. Once per page: the app and
 * every island share emotion's one cache.
 */
export const AdoptPrerenderedStyles = withEmotionCache((_props: object, cache) => {
  if (hasAdoptedPrerenderedStyles) return null;
  hasAdoptedPrerenderedStyles = true;
  for (const tag of document.querySelectorAll(`style[data-ssr-emotion^="${cache.key} "]`)) {
    for (const name of tag.getAttribute('data-ssr-emotion')?.split(' ').slice(1) ?? []) cache.inserted[name] = true;
  }
  return null;
});
