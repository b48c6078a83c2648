// Prerenders the public pages to static HTML with their styles, after `vite build` (issue 3, Quality):
//   node scripts/prerender.mjs [--outDir dist]
// 1. Builds a server bundle of the same app (Vite SSR, production mode, so class names match the client).
// 2. Renders each route with react-dom/static (waits for the lazy page chunks) in the signed-out state the
//    browser also starts from (auth loading), so the client can hydrate the markup as it is.
// 3. Moves Chakra's (emotion's) inline <style> tags into <head>, sets the page's title, description, canonical
//    and link-preview tags, preloads the page's own chunks, and writes dist/<route>/index.html.
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
const SITE = 'Summit Funding';
const PUBLIC_URL = (process.env.PUBLIC_URL ?? 'https://summitfunding.example').replace(/\/$/, '');

// Routes and the module of their page (for preloading its chunk). Ours fail the build when they cannot be
// rendered; /apply belongs to the wizard (issue 4) and is skipped with a warning instead.
const ROUTES = [
  { path: '/', page: 'src/features/public/pages/landing-page.tsx', meta: 'landing', required: true },
  { path: '/products', page: 'src/features/public/pages/products-page.tsx', meta: 'products', required: true },
  { path: '/about', page: 'src/features/public/pages/about-page.tsx', meta: 'about', required: true },
  { path: '/contact', page: 'src/features/public/pages/contact-page.tsx', meta: 'contact', required: true },
  { path: '/apply', page: 'src/features/applications/pages/apply-page.tsx', meta: null, required: false },
];

const ENTRY_ID = 'virtual:prerender-entry';
// The same tree as src/main.tsx, with a StaticRouter in place of the BrowserRouter.
const ENTRY_CODE = `
import { StrictMode, createElement as h } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { Providers } from '/src/app/providers.tsx';
import { AppRoutes } from '/src/app/routes.tsx';
export { PUBLIC_PAGE_META } from '/src/features/public/meta.ts';

async function renderOnce(url) {
  const errors = [];
  const app = h(StrictMode, null, h(StaticRouter, { location: url }, h(Providers, null, h(AppRoutes))));
  const { prelude } = await prerenderToNodeStream(app, {
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
export async function render(url) {
  await renderOnce(url);
  return renderOnce(url);
}
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

/** Emotion renders a <style data-emotion="css name…"> before each styled element: collect them for <head>. */
function extractStyles(markup) {
  const globals = [];
  const names = [];
  const rules = [];
  const body = markup.replace(/<style data-emotion="([^"]+)"[^>]*>([\s\S]*?)<\/style>/g, (_, attribute, css) => {
    const [key, ...ids] = attribute.split(' ');
    if (key.endsWith('-global')) globals.push(`<style data-emotion="${attribute}">${css}</style>`);
    else {
      names.push(...ids);
      rules.push(css);
    }
    return '';
  });
  // One tag in emotion's own format: the client cache adopts it and never inserts these rules again.
  const merged = names.length ? `<style data-emotion="css ${names.join(' ')}">${rules.join('')}</style>` : '';
  return { body, styles: globals.join('') + merged };
}

function readManifest() {
  const file = path.join(OUT_DIR, '.vite', 'manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: run vite build (with build.manifest) first`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** A page's chunk and its static imports, minus what index.html already loads. */
function pagePreloads(manifest, page, template) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(page);
  return [...files].filter((file) => !template.includes(`/${file}"`));
}

/** The title and description a page sets with usePageMeta, read from its source when it is not ours. */
function metaFromSource(page) {
  const source = readFileSync(path.join(ROOT, page), 'utf8');
  const match = /usePageMeta\(\s*'([^']+)'(?:,\s*'([^']+)')?/.exec(source);
  return match ? { title: match[1], description: match[2] } : null;
}

function pageHtml(template, { route, markup, meta, preloads }) {
  const { body, styles } = extractStyles(markup);
  const title = meta.title === SITE ? SITE : `${meta.title} | ${SITE}`;
  const url = `${PUBLIC_URL}${route === '/' ? '/' : route}`;
  const head = [
    `<link rel="canonical" href="${url}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${SITE}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="og:image" content="${PUBLIC_URL}/media/og-image.jpg" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    ...preloads.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    styles,
  ].join('\n    ');
  let html = template
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*" \/>/,
      `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    )
    .replace('</head>', `    ${head}\n  </head>`);
  if (!html.includes('<div id="root"><!--app-html--></div>')) throw new Error('index.html has no <!--app-html--> slot');
  html = html.replace(
    '<div id="root"><!--app-html--></div>',
    `<div id="root" data-prerendered="${route}">${body}</div>`,
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
        markup = await entry.render(route.path);
        // Anything still streaming would need an inline <script>, which the CSP blocks.
        if (/<script|<template|<!--\$[?!]-->/.test(markup)) throw new Error('a part of the page suspended');
      } catch (error) {
        if (route.required) throw new Error(`${route.path}: ${error?.message ?? error}`, { cause: error });
        process.stderr.write(`prerender: skipped ${route.path}: ${error?.message ?? error}\n`);
        continue;
      }
      const meta = (route.meta && entry.PUBLIC_PAGE_META[route.meta]) || metaFromSource(route.page);
      if (!meta?.title || !meta.description) throw new Error(`${route.path}: no title and description`);
      const html = pageHtml(template, {
        route: route.path,
        markup,
        meta,
        preloads: manifest[route.page] ? pagePreloads(manifest, route.page, template) : [],
      });
      const file = route.path === '/' ? templatePath : path.join(OUT_DIR, route.path.slice(1), 'index.html');
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
