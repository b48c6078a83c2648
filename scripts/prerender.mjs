// Prerenders the public pages to static HTML with their styles, after `vite build` (Quality):
//   node scripts/prerender.mjs [--outDir dist]
// 1. Builds a server bundle of the same app (Vite SSR, production mode, so class names match the client).
// 2. Renders each route with react-dom/static (waits for the lazy page chunks) in the signed-out state the
//    browser also starts from (auth loading), so the client can hydrate the markup as it is.
//    A page of islands (docs/architecture.md, "How pages are built and hydrated") renders its islands as
//    empty wrappers, then each island as a root of its own into its wrapper, numbered.
// 3. Moves Chakra's (emotion's) inline <style> tags into <head>, sets the page's title, description, canonical
//    and link-preview tags, lists the page's own chunks for src/main.tsx to preload (a page of islands: marks
//    #root with data-islands instead), and writes dist/<route>/index.html.
// The server (server/http/static.ts) serves those files and falls back to dist/200.html (the empty shell) for other paths.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const argValue = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const ROOT = process.cwd();
const OUT_DIR = path.resolve(ROOT, argValue('--outDir', 'dist'));
const SSR_DIR = path.join(OUT_DIR, '.prerender-ssr');
const PUBLIC_URL = (process.env.PUBLIC_URL ?? 'https://summitfunding.example').replace(/\/$/, '');

// Routes and the module of their page (for preloading its chunk). Ours fail the build when they cannot be
// rendered; /apply belongs to the wizard and is skipped with a warning instead. `islands`: the page is HTML and CSS
// whose interactive parts hydrate as islands (src/lib/island.tsx); the others hydrate as the whole app.
const ROUTES = [
  { path: '/', islands: true, page: 'src/features/public/pages/landing-page.tsx', meta: 'landing', required: true },
  {
    path: '/products',
    islands: true,
    page: 'src/features/public/pages/products-page.tsx',
    meta: 'products',
    required: true,
  },
  { path: '/about', islands: true, page: 'src/features/public/pages/about-page.tsx', meta: 'about', required: true },
  {
    path: '/contact',
    islands: true,
    page: 'src/features/public/pages/contact-page.tsx',
    meta: 'contact',
    required: true,
  },
  { path: '/privacy', islands: true, page: 'src/features/legal/pages/privacy-page.tsx', meta: null, required: true },
  { path: '/terms', islands: true, page: 'src/features/legal/pages/terms-page.tsx', meta: null, required: true },
  {
    path: '/e-sign-consent',
    islands: true,
    page: 'src/features/legal/pages/e-sign-consent-page.tsx',
    meta: null,
    required: true,
  },
  {
    path: '/licensing',
    islands: true,
    page: 'src/features/legal/pages/licensing-page.tsx',
    meta: null,
    required: true,
  },
  // Served with status 404 for paths no route knows (server/http/static.ts); written as dist/404.html.
  { path: '/__not-found__', page: 'src/app/not-found-page.tsx', meta: null, required: true, file: '404.html' },
  { path: '/apply', page: 'src/features/applications/pages/apply-page.tsx', meta: null, required: false },
];

const ENTRY_ID = 'virtual:prerender-entry';
// The same tree as src/app/start.tsx, with a StaticRouter in place of the BrowserRouter.
const ENTRY_CODE = `
import { StrictMode, createElement as h } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { Providers } from '/src/app/providers.tsx';
import { AppRoutes } from '/src/app/routes.tsx';
import { IslandShell } from '/src/app/islands/island-shell.tsx';
import { ISLANDS, islandIdPrefix } from '/src/app/islands/registry.ts';
import { IslandBuildContext } from '/src/lib/island.tsx';
export { PUBLIC_PAGE_META } from '/src/features/public/meta.ts';
export { splitFirstViewCss } from '/build/first-view-css.ts';
export { lender } from '/src/config/lender.ts';

async function renderOnce(app, options = {}) {
  const errors = [];
  const { prelude } = await prerenderToNodeStream(app, {
    ...options,
    // Never outline a large boundary into a streamed segment (revealed by an inline script).
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError: (error) => { errors.push(error); },
  });
  const chunks = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  if (errors.length) throw errors[0];
  return Buffer.concat(chunks).toString('utf8');
}

// The first pass loads every React.lazy page and component; in the second they render at once, so no
// Suspense boundary streams in later through an inline <script> (which the CSP would block).
// \`islands\`: the page's islands are left as empty wrappers for renderIsland to fill.
export async function render(url, { islands = false } = {}) {
  // As src/app/start.tsx: the whole app renders with the public pages' recipes.
  (await import('/src/lib/page-recipes.ts')).addPageRecipes();
  const app = () =>
    h(StrictMode, null,
      h(IslandBuildContext.Provider, { value: islands },
        h(StaticRouter, { location: url }, h(Providers, null, h(AppRoutes)))));
  await renderOnce(app());
  return renderOnce(app());
}

/** An island as the browser hydrates it: a root of its own (src/app/islands/start-islands.tsx). */
export async function renderIsland(name, props, id) {
  const entry = ISLANDS[name];
  if (!entry) throw new Error(\`no island named \${name} in src/app/islands/registry.ts\`);
  const Component = await entry.load();
  const app = h(StrictMode, null, h(IslandShell, null, h(Component, props)));
  return renderOnce(app, { identifierPrefix: islandIdPrefix(String(id)) });
}

/** What an island turns into by itself after it starts (registry.ts, laterLook), with its style tags, or none. */
export async function renderIslandLaterLook(name, props) {
  const look = ISLANDS[name]?.laterLook;
  if (!look) return '';
  const Component = await look();
  return renderOnce(h(StrictMode, null, h(IslandShell, null, h(Component, props))));
}

/** When an island hydrates (registry.ts), for its wrapper's attributes. */
export const islandWhen = (name) => ISLANDS[name]?.when;
`;

function virtualEntry() {
  return {
    name: 'prerender-entry',
    enforce: 'pre',
    resolveId: (id) => (id === ENTRY_ID ? `\0${ENTRY_ID}` : null),
    load: (id) => (id === `\0${ENTRY_ID}` ? ENTRY_CODE : null),
  };
}

const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Emotion renders a <style data-emotion="css name…"> before each styled element: collect them for <head>, the rules of
 * the components in one tag. Not under emotion's own attribute: on start-up emotion moves every server-rendered tag
 * it finds to the end of <head> (and its sheet appends the component tag once more), and each move re-parses the
 * style sheet and restyles the whole page (total blocking time). src/app/providers.tsx reads the names
 * of the rules from this tag and tells emotion they are in; the global ones it leaves alone.
 */
function extractStyles(markup) {
  const globals = new Map();
  const names = new Set();
  const rules = [];
  const body = markup.replace(/<style data-emotion="([^"]+)"[^>]*>([\s\S]*?)<\/style>/g, (_, attribute, css) => {
    const [key, ...ids] = attribute.split(' ');
    // Every island is a render of its own, with its own copy of the global styles and of the rules it shares with
    // the page: each once.
    if (key.endsWith('-global')) {
      if (!globals.has(attribute)) globals.set(attribute, css);
    } else if (ids.some((id) => !names.has(id))) {
      for (const id of ids) names.add(id);
      rules.push(css);
    }
    return '';
  });
  return { body, globals, components: { names: [...names], css: rules.join('') } };
}

/**
 * The head's style tags: the global ones, then the components' rules in one tag. `firstView`: a page of islands keeps
 * only the global CSS its first view reads (build/first-view-css.ts); the rest waits in a <template> after it, which
 * src/lib/later-styles.ts opens when React starts.
 */
function styleTags(entry, { body, globals, components }, { firstView }) {
  const merged = components.names.length
    ? `<style data-ssr-emotion="css ${components.names.join(' ')}">${components.css}</style>`
    : '';
  if (!firstView) {
    const tags = [...globals].map(([attribute, css]) => `<style data-ssr-emotion="${attribute}">${css}</style>`);
    return tags.join('') + merged;
  }
  const ids = [...globals.keys()].flatMap((attribute) => attribute.split(' ').slice(1));
  const key = [...globals.keys()][0]?.split(' ')[0] ?? 'css-global';
  const { head, later } = entry.splitFirstViewCss([...globals.values()].join(''), components.css + body);
  const laterTag = later ? `<template ${LATER_STYLES_ATTRIBUTE}><style>${later}</style></template>` : '';
  return `<style data-ssr-emotion="${key} ${ids.join(' ')}">${head}</style>${laterTag}${merged}`;
}

/** The <template> that holds what a first view's head left out (src/lib/later-styles.ts reads the same name). */
const LATER_STYLES_ATTRIBUTE = 'data-later-styles';

const unescapeHtml = (text) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * The modules each island further down loads (src/app/islands/later-islands.ts: the component and what its loader
 * adds), besides LATER_ISLANDS_SHARED. Once the page is idle their chunks are fetched and compiled but not run
 * (src/lib/lazy-section-watch.ts): the island's code runs when it is reached, not in long tasks while the page starts.
 * An island missing here is simply not fetched ahead.
 */
const LATER_ISLANDS_SHARED = ['src/app/islands/later-islands.ts'];
/**
 * What a page of islands loads to start its React islands (src/main.tsx: React, Chakra's system, the islands' start
 * and the first view's chunk, whose only React island in the browser is the bar): fetched ahead too, for the bar (so
 * that the visitor's first tap on its menu waits for no download) and for each island further down.
 */
const ISLANDS_RUNTIME = ['src/app/islands/start-islands.tsx', 'src/app/islands/first-view.ts'];
const LATER_ISLAND_MODULES = {
  calculator: ['src/features/public/components/loan-calculator.tsx', 'src/lib/island-router.tsx'],
  'email-signup': ['src/features/public/components/email-signup.tsx', 'src/app/islands/island-data.tsx'],
  faq: ['src/features/public/components/faq.tsx', 'src/lib/later-recipes.ts'],
  'contact-form': ['src/features/public/components/contact-form.tsx', 'src/app/islands/island-data.tsx'],
};

/**
 * The chunks of an island with React (ISLANDS_RUNTIME, and LATER_ISLAND_MODULES for one further down) the page does
 * not load already, or none (the plain islands: src/app/islands/plain-islands.ts).
 */
function islandChunks(manifest, name, template) {
  const modules = name === 'navbar' ? [] : LATER_ISLAND_MODULES[name];
  if (!modules) return [];
  const keys = [...ISLANDS_RUNTIME, ...(modules.length ? LATER_ISLANDS_SHARED : []), ...modules];
  for (const key of keys) if (!manifest[key]) throw new Error(`${key} (island ${name}) is not in the build's manifest`);
  // With the chunks of no module of their own that their loaders import (lazy-page, page-recipes: `_` in the manifest),
  // without what the entry has loaded (index.html).
  const started = new Set(chunkFiles(manifest, ['index.html'], '', { withSharedDynamic: false }));
  return chunkFiles(manifest, keys, template, { withSharedDynamic: true }).filter((file) => !started.has(file));
}

/**
 * The wrapper's attributes that say when its island starts, for src/main.tsx and src/lib/lazy-section-watch.ts (which
 * run before the registry is loaded): `reached` islands, and the threshold of a `scrolledPast` one.
 */
function whenAttributes(when) {
  if (when === 'reached') return ' data-island-when="reached"';
  if (typeof when === 'object' && when && Number.isFinite(when.scrolledPast))
    return ` data-island-scrolled-past="${when.scrolledPast}"`;
  return '';
}

const LATER_LOOK_ATTRIBUTE = 'data-later-look';

/**
 * Fills the empty wrappers src/lib/island.tsx leaves with each island's own render, numbered in page order: the
 * number gives its ids (useId) their prefix and names the section that lazy-section-watch.ts watches until it is live.
 * `chunksOf(name)`: the chunks to fetch ahead for it (data-island-chunks).
 */
async function fillIslands(entry, markup, chunksOf) {
  const wrappers = [
    ...markup.matchAll(/<div data-island="([^"]+)"(?: data-island-props="([^"]*)")? style="display:contents"><\/div>/g),
  ];
  let filled = '';
  let from = 0;
  for (const [index, match] of wrappers.entries()) {
    const [wrapper, name, propsAttribute] = match;
    const props = propsAttribute ? JSON.parse(unescapeHtml(propsAttribute)) : {};
    // What the island turns into by itself, at the end of its wrapper in a <template> (src/app/islands/plain-islands.ts
    // takes it out before anything hydrates); its style tags go to <head> with the others.
    const laterLook = await entry.renderIslandLaterLook(name, props);
    const lookPart = laterLook ? `<template ${LATER_LOOK_ATTRIBUTE}>${laterLook}</template>` : '';
    const inner = (await entry.renderIsland(name, props, index)) + lookPart;
    const propsPart = propsAttribute ? ` data-island-props="${propsAttribute}"` : '';
    const chunks = chunksOf(name);
    const chunksPart = chunks.length ? ` data-island-chunks="${chunks.map((file) => `/${file}`).join(' ')}"` : '';
    const whenPart = whenAttributes(entry.islandWhen(name));
    filled +=
      markup.slice(from, match.index) +
      `<div data-island="${name}" data-island-id="${index}" data-lazy-section="island-${index}"${propsPart}${chunksPart}${whenPart} style="display:contents">${inner}</div>`;
    from = match.index + wrapper.length;
  }
  if (markup.includes('data-island=') && !wrappers.length) throw new Error('island wrappers not in the expected form');
  return filled + markup.slice(from);
}

function readManifest() {
  const file = path.join(OUT_DIR, '.vite', 'manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: run vite build (with build.manifest) first`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * The chunks of some modules and their static imports, minus what index.html already loads. `withSharedDynamic`: and
 * the shared chunks (keys starting with `_`) they import dynamically.
 */
function chunkFiles(manifest, keys, template, { withSharedDynamic = false } = {}) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
    if (withSharedDynamic)
      for (const imported of chunk.dynamicImports ?? []) if (imported.startsWith('_')) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...files].filter((file) => !template.includes(`/${file}"`));
}

/** A page's chunk and its static imports, minus what index.html already loads. */
const pagePreloads = (manifest, page, template) => chunkFiles(manifest, [page], template);

/** The title and description a page sets with usePageMeta, read from its source when it is not ours. */
function metaFromSource(page) {
  const source = readFileSync(path.join(ROOT, page), 'utf8');
  const match = /usePageMeta\(\s*'([^']+)'(?:,\s*'([^']+)')?/.exec(source);
  return match ? { title: match[1], description: match[2] } : null;
}

/**
 * The hero video's poster is the largest thing on the landing page's first screen (its LCP element), but a poster
 * is only requested once layout reaches the video: fetch it with the document instead, ahead of the scripts.
 */
function imagePreloads(body) {
  const poster = /<video\b[^>]*\sposter="([^"]+)"/.exec(body)?.[1];
  if (!poster) return [];
  const type = poster.endsWith('.webp') ? ' type="image/webp"' : '';
  return [`<link rel="preload" as="image" href="${poster}" fetchpriority="high"${type} />`];
}

/** fetchpriority="low" on Vite's entry script and module preloads (each tag must take it: fails loudly otherwise). */
function lowerScriptPriority(html) {
  let count = 0;
  const lowered = html.replace(
    /<(script type="module"|link rel="modulepreload") crossorigin (src|href)="([^"]+)"( fetchpriority="low")?>/g,
    (_, tag, attribute, url) => {
      count += 1;
      return `<${tag} crossorigin ${attribute}="${url}" fetchpriority="low">`;
    },
  );
  const tags = (html.match(/<script type="module"|<link rel="modulepreload"/g) ?? []).length;
  if (count !== tags) throw new Error(`index.html: ${tags - count} script tags not in Vite's usual form`);
  return lowered;
}

function pageHtml(entry, template, { route, markup, meta, preloads, site, islands }) {
  const extracted = extractStyles(markup);
  const { body } = extracted;
  const styles = styleTags(entry, extracted, { firstView: islands });
  const title = meta.title === site ? site : `${meta.title} | ${site}`;
  const url = `${PUBLIC_URL}${route === '/' ? '/' : route}`;
  const head = [
    `<link rel="canonical" href="${url}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(site)}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="og:image" content="${PUBLIC_URL}/media/og-image.jpg" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    styles,
  ].join('\n    ');
  let html = template
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*" \/>/,
      `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    )
    .replace('</head>', `    ${head}\n  </head>`);
  // The page paints from its HTML and styles: its scripts only hydrate it, so they need not come first. At low
  // priority they leave the connection to the document and the hero image (first and largest paint).
  html = lowerScriptPriority(html);
  // First in <head>: the browser requests the image before the scripts that Vite's tags name.
  const images = imagePreloads(body);
  if (images.length) html = html.replace('<meta charset="UTF-8" />', (tag) => [tag, ...images].join('\n    '));
  if (!html.includes('<div id="root"><!--app-html--></div>')) throw new Error('index.html has no <!--app-html--> slot');
  // The page's chunks: src/main.tsx preloads them when it starts the app, after the first paint. A page of islands
  // starts no app (src/main.tsx): data-islands, and its islands load their own code.
  const preloadAttribute = preloads.length ? ` data-preload="${preloads.map((file) => `/${file}`).join(' ')}"` : '';
  const mode = islands ? ` data-islands="${route}"` : preloadAttribute;
  html = html.replace(
    '<div id="root"><!--app-html--></div>',
    `<div id="root" data-prerendered="${route}"${mode}>${body}</div>`,
  );
  return html;
}

async function main() {
  const started = Date.now();
  const manifest = readManifest();
  const templatePath = path.join(OUT_DIR, 'index.html');
  const template = readFileSync(templatePath, 'utf8');
  if (!template.includes('<!--app-html-->')) throw new Error(`${templatePath} is already prerendered: build again`);
  // The untouched shell, for a server that serves it as the fallback of unknown paths.
  writeFileSync(path.join(OUT_DIR, '200.html'), template);

  await build({
    configFile: path.join(ROOT, 'vite.config.ts'),
    mode: 'production',
    logLevel: 'warn',
    plugins: [virtualEntry()],
    // Chakra is bundled, not left to Node, so that the build's edits of its code that change what it renders
    // (vite.config.ts: the media query order) apply to the prerendered markup as they do in the browser.
    ssr: { noExternal: ['@chakra-ui/react'] },
    build: {
      ssr: true,
      outDir: SSR_DIR,
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
      minify: false,
      rolldownOptions: { input: ENTRY_ID, output: { entryFileNames: 'entry.mjs' } },
    },
  });
  const entry = await import(pathToFileURL(path.join(SSR_DIR, 'entry.mjs')).href);

  const written = [];
  try {
    for (const route of ROUTES) {
      let markup;
      try {
        markup = await entry.render(route.path, { islands: Boolean(route.islands) });
        if (route.islands) {
          markup = await fillIslands(entry, markup, (name) => islandChunks(manifest, name, template));
        }
        // Anything still streaming would need an inline <script>, which the CSP blocks (the islands' own templates
        // aside: they hold what an island turns into, and have no script).
        const own = new RegExp(`<template ${LATER_LOOK_ATTRIBUTE}>`, 'g');
        if (/<script|<!--\$[?!]-->/.test(markup) || /<template/.test(markup.replace(own, '')))
          throw new Error('a part of the page suspended');
      } catch (error) {
        if (route.required) throw new Error(`${route.path}: ${error?.message ?? error}`, { cause: error });
        process.stderr.write(`prerender: skipped ${route.path}: ${error?.message ?? error}\n`);
        continue;
      }
      const meta = (route.meta && entry.PUBLIC_PAGE_META[route.meta]) || metaFromSource(route.page);
      if (!meta?.title || !meta.description) throw new Error(`${route.path}: no title and description`);
      const html = pageHtml(entry, template, {
        route: route.path,
        markup,
        meta,
        preloads: manifest[route.page] && !route.islands ? pagePreloads(manifest, route.page, template) : [],
        // The brand of the lender configuration the build reads (vite.config.ts), as the pages show it.
        site: entry.lender.brandName,
        islands: Boolean(route.islands),
      });
      const file = route.file
        ? path.join(OUT_DIR, route.file)
        : route.path === '/'
          ? templatePath
          : path.join(OUT_DIR, route.path.slice(1), 'index.html');
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, html);
      written.push(`${route.path} (${Math.round(Buffer.byteLength(html) / 1024)} KB)`);
    }
  } finally {
    // PRERENDER_KEEP_SSR=1 keeps the server bundle for debugging.
    if (!process.env.PRERENDER_KEEP_SSR) rmSync(SSR_DIR, { recursive: true, force: true });
  }
  process.stdout.write(`prerendered ${written.join(', ')} in ${Date.now() - started} ms\n`);
  // The server bundle keeps handles open (query client timers): the pages are written, so stop here.
  process.exit(0);
}

main().catch((error) => {
  process.stderr.write(`prerender failed: ${error?.stack ?? error}\n`);
  process.exit(1);
});
