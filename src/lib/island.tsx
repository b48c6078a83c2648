import { createContext, useContext, type ReactNode } from 'react';

// Islands: the interactive parts of a prerendered public page (docs/architecture.md, "Public pages: islands").
// The build renders such a page to HTML and CSS; in the browser only its islands hydrate, each as a React root of its
// own (src/app/islands/start-islands.tsx). In the whole app (every other page, and a public page reached by a
// navigation inside the app) an island is simply its children.

/** True while the build renders a public page whose interactive parts are islands (scripts/prerender.mjs). */
export const IslandBuildContext = createContext(false);

/** What an island's props may be: they travel in the page's HTML as JSON. */
export type IslandProps = Record<string, string | number | boolean>;

/**
 * An island of a prerendered public page. `name` is its entry in src/app/islands/registry.ts, whose component renders
 * it from `props` (at build time and in the browser); `children` is what the whole app renders in its place.
 * At build time it leaves an empty wrapper that the prerender fills with the island's own render.
 */
export function Island({ name, props, children }: { name: string; props?: IslandProps; children: ReactNode }) {
  if (!useContext(IslandBuildContext)) return children;
  return (
    <div
      data-island={name}
      data-island-props={props ? JSON.stringify(props) : undefined}
      style={{ display: 'contents' }}
    />
  );
}
