// Prints the server's module map as a mermaid graph, from the code itself: which module imports
// another's files (solid arrow) and which asks another's service by name through the registry
// (dashed arrow, `ctx.need('name')` against the manifests' ProvidedServices). With --write it
// replaces the graph between the markers in docs/architecture.md; with --check it fails when
// that graph is out of date. The access check every route asks of auth is left out.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const modulesDir = path.join(root, 'apps/server/src/modules');
const docPath = path.join(root, 'docs/architecture.md');
const BEGIN = '<!-- module-graph:begin (node scripts/module-graph.mjs --write) -->';
const END = '<!-- module-graph:end -->';

const modules = fs
  .readdirSync(modulesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

/** Every non-test .ts file under a folder. */
function sources(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return sources(full);
    return d.name.endsWith('.ts') && !d.name.includes('.test.') && !d.name.includes('.fixture.') ? [full] : [];
  });
}

const provider = new Map();
for (const name of modules) {
  const manifest = path.join(modulesDir, name, 'manifest.ts');
  if (!fs.existsSync(manifest)) continue;
  const block = /interface ProvidedServices \{([\s\S]*?)\n {2}\}/.exec(fs.readFileSync(manifest, 'utf8'));
  for (const [, service] of block?.[1].matchAll(/^\s{4}(\w+):/gm) ?? []) provider.set(service, name);
}

const imports = new Set();
const needs = new Set();
for (const name of modules) {
  for (const file of sources(path.join(modulesDir, name))) {
    const text = fs.readFileSync(file, 'utf8');
    for (const [, spec] of text.matchAll(/from '([^']+)'/g)) {
      if (!spec.startsWith('.')) continue;
      const rel = path.relative(modulesDir, path.resolve(path.dirname(file), spec));
      const target = rel.split(path.sep)[0];
      if (target !== name && modules.includes(target)) imports.add(`${name} --> ${target}`);
    }
    for (const [, service] of text.matchAll(/need\('(\w+)'\)/g)) {
      // Every module with routes asks auth for the access check: an arrow from each says nothing.
      if (service === 'access') continue;
      const target = provider.get(service);
      if (target && target !== name && !imports.has(`${name} --> ${target}`)) needs.add(`${name} -.-> ${target}`);
    }
  }
}

const graph = [
  '```mermaid',
  'graph LR',
  ...modules.map((m) => `  ${m}`),
  ...[...imports].sort().map((e) => `  ${e}`),
  ...[...needs]
    .filter((e) => !imports.has(e.replace(' -.-> ', ' --> ')))
    .sort()
    .map((e) => `  ${e}`),
  '```',
].join('\n');

const mode = process.argv[2];
if (mode === '--write' || mode === '--check') {
  const doc = fs.readFileSync(docPath, 'utf8');
  const start = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/architecture.md lacks the markers ${BEGIN} ... ${END}`);
  // Blank lines around the block, as the formatter leaves them.
  const next = `${doc.slice(0, start + BEGIN.length)}\n\n${graph}\n\n${doc.slice(end)}`;
  if (mode === '--check') {
    if (next !== doc) {
      console.error('docs/architecture.md: the module graph is out of date; run node scripts/module-graph.mjs --write');
      process.exit(1);
    }
  } else {
    fs.writeFileSync(docPath, next);
  }
} else {
  console.log(graph);
}
