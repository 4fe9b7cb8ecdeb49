import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
// Read by path: the config is bundled apart from the workspace packages, which it would load as .ts files.
import { API_PREFIXES } from '../../packages/contracts/src/page-paths.js';

/** Replaced by the server with each answer's Content-Security-Policy nonce. */
const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/**
 * Writes `.br` and `.gz` beside every text asset of the build; the server sends them to browsers
 * that accept them (@fastify/static `preCompressed`), so nothing is compressed per request.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((name) => /\.(js|css|html|svg|json)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(dir, name);
          try {
            const data = await fs.promises.readFile(file);
            // Small files too (the entry and the bundler's runtime are under 1 KB, and every first
            // visit's takeover asks for them); a compressed copy is written only when it is smaller.
            const br = zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
            const gz = zlib.gzipSync(data, { level: 9 });
            await Promise.all([
              br.length < data.length && fs.promises.writeFile(`${file}.br`, br),
              gz.length < data.length && fs.promises.writeFile(`${file}.gz`, gz),
            ]);
          } catch (err) {
            // Another build emptied the folder meanwhile; its own files get compressed by that build.
            if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
          }
        }),
      );
    },
  };
}

/**
 * The entry imports the app's main part (src/app/app.tsx) after a first task of its own (main.tsx);
 * this lists that part's files as module preloads in index.html beside the entry's, so they
 * download with it instead of after it.
 */
function preloadAppPart(): Plugin {
  return {
    name: 'preload-app-part',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        const app = bundle && Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith('/src/app/app.tsx'));
        if (!bundle || !app) return html;
        const files = new Set<string>();
        const walk = (name: string) => {
          const chunk = bundle[name];
          if (files.has(name) || chunk?.type !== 'chunk') return;
          files.add(name);
          chunk.imports.forEach(walk);
        };
        walk(app.fileName);
        return [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

/** The first screens' pages, loaded lazily: the parts of them are grouped by the pages using them (startParts). */
const FIRST_SCREEN_FILES: Record<string, string> = {
  portal: 'src/portal/layout.tsx',
  home: 'src/portal/home-page.tsx',
  listing: 'src/features/listings/listing-market-page.tsx',
  login: 'src/features/account/login-page.tsx',
};

/** Which modules each first-screen page loads, as the last build found them (startParts). */
const FIRST_SCREEN_PLAN = path.resolve(import.meta.dirname, 'node_modules/.cache/first-screen-modules.json');

/**
 * Every start downloads the entry's static imports, then the app's main part (src/app/app.tsx) and
 * its static imports, then the page's lazy chunks. Left to itself the bundler cuts these into
 * dozens of files by which of the many lazy chunks share which module, and each file is compressed
 * alone; fewer, larger files compress better (brotli finds the same names and patterns across a
 * whole file). So:
 * - the entry's static imports are one file, evaluated in the first task as before (main.tsx);
 *   the `$initial` tag keeps out what only an index file reaches (the query cache's mutation hook
 *   and observer, which only lazy pages use);
 * - the app part's are one file, evaluated in the second task. The app part is also an entry of
 *   the build so that the bundler's `$initial` tag keeps out what only antd's and the icons'
 *   index files reach;
 * - the modules the first screens' pages load (the portal's frame, the home page, the listing
 *   market, the login page) are grouped by which of these pages load them: what only the login
 *   page loads is one file, what the portal's frame and both its pages load another, and so on.
 *   Other lazy pages that use such a module load its file. Which modules a page loads is known
 *   only after tree-shaking, so each build writes it down (FIRST_SCREEN_PLAN) and the next one
 *   groups by it; scripts/build.mjs builds twice. Without the note the pages' chunks are the
 *   bundler's own.
 * No module is evaluated earlier than before: a group's modules are all imported by the pages
 * that load its file, when they load it.
 */
function startParts() {
  const entryPart = new Set<string>();
  const appPart = new Set<string>();
  /** Each first-screen module: the pages (FIRST_SCREEN_FILES' keys) that load it. */
  const pagesOf = new Map<string, string[]>();
  // The first build of scripts/build.mjs takes the notes (with the bundler's own chunks); the
  // second reads them.
  const notes = process.env.FIRST_SCREEN_NOTES === 'write';
  // The pages' own modules stay the chunks their lazy imports load (with these modules grouped, the
  // bundler lost their exports).
  const pageFiles = new Set(Object.values(FIRST_SCREEN_FILES).map((file) => path.resolve(import.meta.dirname, file)));
  try {
    const plan = notes ? {} : (JSON.parse(fs.readFileSync(FIRST_SCREEN_PLAN, 'utf8')) as Record<string, string[]>);
    for (const [page, ids] of Object.entries(plan))
      for (const id of ids) if (!pageFiles.has(id)) pagesOf.set(id, [...(pagesOf.get(id) ?? []), page]);
  } catch {
    // No notes: the bundler's own chunks for the pages.
  }
  const plugin: Plugin = {
    name: 'start-parts',
    apply: 'build',
    buildEnd() {
      const closure = (start: string | undefined, into: Set<string>, skip: Set<string>) => {
        const todo = start ? [start] : [];
        while (todo.length) {
          const id = todo.pop()!;
          if (into.has(id) || skip.has(id)) continue;
          into.add(id);
          todo.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      };
      const ids = [...this.getModuleIds()];
      entryPart.clear();
      appPart.clear();
      closure(
        ids.find((id) => /[\\/]src[\\/]app[\\/]main\.tsx$/.test(id)),
        entryPart,
        new Set(),
      );
      closure(
        ids.find((id) => /[\\/]src[\\/]app[\\/]app\.tsx$/.test(id)),
        appPart,
        entryPart,
      );
    },
    async writeBundle(_options, bundle) {
      if (!notes) return;
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const plan: Record<string, string[]> = {};
      for (const [page, file] of Object.entries(FIRST_SCREEN_FILES)) {
        const id = path.resolve(import.meta.dirname, file);
        const first = chunks.find((c) => c.moduleIds.includes(id));
        if (!first) continue;
        const loaded = new Set<string>();
        const todo = [first.fileName];
        const seen = new Set<string>();
        while (todo.length) {
          const name = todo.pop()!;
          const chunk = chunks.find((c) => c.fileName === name);
          // The start's two files come with every page already.
          if (!chunk || seen.has(name) || chunk.name === 'start' || chunk.name === 'app') continue;
          seen.add(name);
          for (const [moduleId, module] of Object.entries(chunk.modules)) if (module.renderedLength > 0) loaded.add(moduleId);
          todo.push(...chunk.imports);
        }
        plan[page] = [...loaded].sort();
      }
      await fs.promises.mkdir(path.dirname(FIRST_SCREEN_PLAN), { recursive: true });
      await fs.promises.writeFile(FIRST_SCREEN_PLAN, JSON.stringify(plan, null, 1));
    },
  };
  const groups = [
    { name: 'start', test: (id: string) => entryPart.has(id), tags: ['$initial' as const], priority: 30 },
    { name: 'app', test: (id: string) => appPart.has(id), tags: ['$initial' as const], priority: 20 },
    // A module's group is the pages loading it; a group of more pages first, so that a module's
    // imports (loaded by at least the same pages) are placed in their own group before the bundler
    // would pull them into the group of the module importing them.
    ...[...new Set([...pagesOf.values()].map((pages) => pages.join('-')))].map((name) => ({
      name,
      test: (id: string) => pagesOf.get(id)?.join('-') === name,
      priority: 10 + name.split('-').length,
      // Only the modules the pages load: an index module's imports (what tree-shaking removed from
      // the pages) stay where the bundler puts them.
      includeDependenciesRecursively: false,
    })),
  ];
  return { plugin, groups };
}

const startPartsOfBuild = startParts();

export default defineConfig(({ isSsrBuild }) => ({
  // The server's first-screen module (`vite build --ssr`, decision 064) is one self-contained Node
  // module: React, antd and the rest are bundled in, so it runs the same ES code as the browser.
  // React and antd's production builds there too (a client build gets this from Vite).
  ...(isSsrBuild && {
    ssr: { noExternal: true, target: 'node' as const },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  }),
  plugins: [react(), ...(isSsrBuild ? [] : [precompress(), preloadAppPart(), startPartsOfBuild.plugin])],
  // Every script, stylesheet and preload tag of index.html carries this placeholder as its nonce;
  // the server puts a fresh random nonce in its place for each answer (platform/security-headers.ts).
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  server: {
    port: 5173,
    proxy: Object.fromEntries(API_PREFIXES.map((p) => [p, { target: 'http://127.0.0.1:8080', changeOrigin: false }])),
  },
  build: {
    outDir: isSsrBuild ? 'dist-ssr' : 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    // Module preloads are native in every browser the portal supports (Chromium, Firefox 115+,
    // Safari 17+); Vite's fallback script for older ones was most of the entry file.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // @rc-component/form does not declare itself free of side effects, so any antd field (Input's
      // form context imports its FormProvider through the package index) pulled in the whole form
      // machinery with async-validator, about 13 KB gzip, also on pages without a form. Its modules
      // only define components and hooks; marked so, a page gets the parts it uses. The same holds for
      // every @rc-component package (none declares it, none is imported for an effect alone): the
      // input's index brought its TextArea to every plain field, the motion's its list motion to
      // every page.
      treeshake: {
        moduleSideEffects: [{ test: /node_modules[\\/]@rc-component[\\/]/, sideEffects: false }],
      },
      ...(!isSsrBuild && {
        input: {
          index: path.resolve(import.meta.dirname, 'index.html'),
          app: path.resolve(import.meta.dirname, 'src/app/app.tsx'),
        },
        output: { codeSplitting: { groups: startPartsOfBuild.groups } },
      }),
    },
  },
}));
