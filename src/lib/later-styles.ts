/**
 * A page of islands carries in its head only the global CSS its first view reads; the rest (Chakra's other token
 * variables and keyframes) waits in a <template> right after it (build/first-view-css.ts, scripts/prerender.mjs).
 * React's components may read any of it, so it goes into the head, in its place, before React renders anything there.
 * Once; nothing on any other page.
 */
export function addLaterStyles() {
  for (const template of document.querySelectorAll<HTMLTemplateElement>('template[data-later-styles]'))
    template.replaceWith(template.content);
}
