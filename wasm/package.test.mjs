// Node tests of the npm package: copy web/ as `make dist` does, write its
// package.json with npm-package.mjs, `npm pack` it, install the tarball
// into an empty project (offline: the package has no dependencies) and
// import its entry points by their package names. Also checks that
// custom-elements.json agrees with the element, view.css and the markup.
// Run with `node --test wasm/` after `make wasm`. BITVIEW_NPM=1 also
// installs TypeScript and React from the npm registry, type-checks a file
// that uses the declarations and renders web/examples/react's component.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { packageJSON, version, write } from './npm-package.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bitview-package-'));
const dist = path.join(tmp, 'dist');
const npm = (args, cwd) => execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, encoding: 'utf8' });

fs.cpSync(path.join(root, 'web'), dist, { recursive: true });
write(dist);
const packed = JSON.parse(npm(['pack', '--json', '--pack-destination', tmp], dist))[0];
const project = path.join(tmp, 'project');
fs.mkdirSync(project);
fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'author-site', private: true, type: 'module' }));
npm(['install', '--offline', '--ignore-scripts', path.join(tmp, packed.filename)], project);
const installed = path.join(project, 'node_modules/bitview');
// resolve finds a package specifier as the author's project would
// (createRequire: Node 20's import.meta.resolve takes no parent URL).
const resolve = (spec) => pathToFileURL(createRequire(path.join(project, 'index.js')).resolve(spec)).href;

test('the package: name, version, license, files', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(installed, 'package.json'), 'utf8'));
  assert.equal(pkg.name, 'bitview');
  assert.equal(pkg.version, version());
  assert.match(pkg.version, /^\d+\.\d+\.\d+/);
  assert.equal(pkg.license, 'MIT');
  assert.equal(pkg.type, 'module');
  const files = packed.files.map((f) => f.path).sort();
  for (const f of ['LICENSE', 'README.md', 'bitview.js', 'bitview-element.js', 'bitview-markdown.js', 'bitview.wasm', 'wasm_exec.js',
    'view.css', 'repr.css', 'embed.html', 'bitview.d.ts', 'bitview-element.d.ts', 'custom-elements.json', 'pieces/chessnut/wK.svg',
    'bitview-options.js', 'bitview-options.d.ts', 'bitview-api.d.ts',
    'pieces/chessnut/LICENSE.txt', 'pieces/chessnut/README.txt', 'bitview-load.js', 'bitview-frame.js']) {
    assert.ok(files.includes(f), `${f} is not in the package`);
  }
  assert.equal(files.filter((f) => f.endsWith('.svg')).length, 12);
  for (const m of fs.readdirSync(path.join(root, 'web/bitview')).filter((f) => f.endsWith('.js'))) {
    assert.ok(files.includes(`bitview/${m}`), `bitview/${m}, a module of bitview.js, is not in the package`);
  }
  for (const f of files) assert.doesNotMatch(f, /\.(br|gz)$|^index\.html$|^main\.js$|test/, `${f} should not be in the package`);
  assert.match(fs.readFileSync(path.join(installed, 'LICENSE'), 'utf8'), /^MIT License\n\nCopyright \(c\) 2026 The Bitview authors/);
  console.log(`npm pack: ${packed.filename}, ${packed.size} bytes packed, ${packed.unpackedSize} unpacked, ${packed.entryCount} files`);
});

test('bitview/loader imports, loads wasm_exec.js beside itself and answers', async () => {
  const url = resolve('bitview/loader');
  assert.equal(fileURLToPath(url), path.join(installed, 'bitview.js'));
  assert.equal(resolve('bitview'), url);
  delete globalThis.Go; // the package's own wasm_exec.js, found from the module's URL
  const { load, baseURL, assetURL } = await import(url);
  assert.equal(baseURL(), pathToFileURL(installed).href + '/');
  const api = await load(fs.readFileSync(fileURLToPath(assetURL('bitview.wasm'))));
  assert.equal(typeof globalThis.Go, 'function');
  assert.equal(api.version, version());
  assert.equal(api.bitboard('8/8/8/8/4P3/8/8/8 w - - 0 1', 'P', '0x88').indices[0], 52);
});

test('bitview/element and bitview/markdown resolve and import', async () => {
  const el = resolve('bitview/element');
  const md = resolve('bitview/markdown');
  assert.equal(fileURLToPath(el), path.join(installed, 'bitview-element.js'));
  // No DOM in Node: just enough of one for the module to define its element.
  const defined = new Map();
  globalThis.HTMLElement ??= class {};
  globalThis.customElements ??= { get: (n) => defined.get(n), define: (n, c) => defined.set(n, c) };
  const mod = await import(el);
  assert.equal(typeof mod.setBaseURL, 'function');
  assert.equal(typeof mod.setWasmURL, 'function');
  const BitboardView = defined.get('bitboard-view');
  assert.ok(BitboardView, 'bitboard-view is not defined');
  const { parseBlock, KEYS } = await import(md); // KEYS: generated from Go's view.Attributes
  assert.deepEqual(parseBlock('fen: 8/8/8/8/4P3/8/8/8 w - - 0 1\nshow: P\nexpr: (P << 8) & empty\n# note\narrows: Ge2e4\nbogus'), {
    attributes: { fen: '8/8/8/8/4P3/8/8/8 w - - 0 1', show: 'P, (P << 8) & empty', arrows: 'Ge2e4' },
    problems: ['line 6: "bogus" is not "key: value", a blank line or a "# comment"'],
  });
  assert.deepEqual(parseBlock('sho: P').problems, [`line 1: unknown key "sho"; keys: ${Object.keys(KEYS).join(', ')}`]);
  // A long line is quoted up to 40 characters, then its length in bytes (as Go's core/excerpt quotes).
  assert.deepEqual(parseBlock('x'.repeat(1 << 20) + '\n' + 'é'.repeat(50) + ': 1').problems.map((p) => p.replace(/; keys: .*/, '')), [
    `line 1: "${'x'.repeat(40)}"… (1,048,576 bytes) is not "key: value", a blank line or a "# comment"`,
    `line 2: unknown key "${'é'.repeat(40)}"… (100 bytes)`,
  ]);

  // custom-elements.json says what the element, view.css and the markup do.
  const cem = JSON.parse(fs.readFileSync(path.join(installed, 'custom-elements.json'), 'utf8'));
  assert.match(cem.schemaVersion, /^2\./);
  const decl = cem.modules.flatMap((m) => m.declarations).find((d) => d.tagName === 'bitboard-view');
  assert.deepEqual(decl.attributes.map((a) => a.name), BitboardView.observedAttributes);
  const css = fs.readFileSync(path.join(root, 'web/view.css'), 'utf8');
  const rootBlock = css.slice(css.indexOf(':root, :host {'), css.indexOf('}'));
  assert.deepEqual(decl.cssProperties.map((p) => p.name), [...rootBlock.matchAll(/(--bitview-[a-z-]+):/g)].map((m) => m[1]));
  const markup = fs.readdirSync(path.join(root, 'wasm/view')).filter((f) => f.endsWith('.go') && !f.endsWith('_test.go'))
    .map((f) => fs.readFileSync(path.join(root, 'wasm/view', f), 'utf8')).join('') + fs.readFileSync(fileURLToPath(el), 'utf8') +
    fs.readFileSync(path.join(root, 'web/bitview/shadow.js'), 'utf8'); // the element's shadow root: its part view
  // part="a b", setAttribute('part', 'a') and attr(b, "part", "a b-"+id) (its ID-named part, documented with the other, is left out).
  const parts = new Set([...markup.matchAll(/part="([a-z ]+)"|setAttribute\('part', '([a-z]+)'\)|attr\(b, "part", "([a-z]+)/g)].flatMap((m) => (m[1] ?? m[2] ?? m[3]).split(' ')));
  assert.deepEqual(decl.cssParts.map((p) => p.name).sort(), [...parts].sort());
  assert.deepEqual(decl.events.map((e) => e.name), ['bitview-ready', 'bitview-error', 'bitview-square']);
  assert.deepEqual(packageJSON().customElements, 'custom-elements.json');
});

test('the declarations type-check (BITVIEW_NPM=1)', { skip: process.env.BITVIEW_NPM !== '1' && 'set BITVIEW_NPM=1 to install TypeScript from npm and run tsc' }, () => {
  npm(['install', '--ignore-scripts', 'typescript@5', '@types/react@19'], project);
  fs.writeFileSync(path.join(project, 'use.tsx'), `
import { load, setBaseURL, type Bitview } from 'bitview';
import 'bitview/element';
import type {} from 'bitview/react';
import { upgrade } from 'bitview/markdown';

setBaseURL('https://cdn.example/bitview/');
const api: Bitview = await load();
const r = api.bitboard('8/8/8/8/4P3/8/8/8 w - - 0 1', 'P', '0x88');
const hex: string = r.hex;
const view = document.createElement('bitboard-view');
view.addEventListener('bitview-square', (e) => { const i: number = e.detail.index; console.log(i, hex); });
view.addEventListener('bitview-error', (e) => console.log(e.detail.field, e.detail.offset, e.detail.message));
const ok: boolean = view.status.ok;
const svg: Promise<string> = view.toSVG();
upgrade(document.body);
export const Figure = () => <bitboard-view fen="8/8/8/8/4P3/8/8/8 w - - 0 1" show="P" arrows="Ge2e4" marks="Gd4" layout="0x88" />;
const d = api.perft('8/8/8/8/8/8/8/K6k w - - 0 1', 1);
const nodes: number = d.nodes;
const key: string | { ok: false } = api.polyglotKey('8/8/8/8/8/8/8/K6k w - - 0 1');
console.log(ok, svg, nodes, key);
`);
  fs.writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions: {
    target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', jsx: 'react-jsx', strict: true, noEmit: true,
    skipLibCheck: false, lib: ['es2022', 'dom'], types: [] }, files: ['use.tsx'] }));
  execFileSync(path.join(project, 'node_modules/.bin/tsc'), ['-p', '.'], { cwd: project, encoding: 'utf8' });
});

test('the React example renders a <bitboard-view> (BITVIEW_NPM=1)', { skip: process.env.BITVIEW_NPM !== '1' && 'set BITVIEW_NPM=1 to install React from npm' }, async () => {
  npm(['install', '--ignore-scripts', 'react@19', 'react-dom@19'], project);
  fs.copyFileSync(path.join(root, 'web/examples/react/BitboardFigure.js'), path.join(project, 'BitboardFigure.js'));
  globalThis.HTMLElement ??= class {};
  globalThis.customElements ??= { get: () => undefined, define: () => {} };
  const { createElement } = await import(resolve('react'));
  const { renderToString } = await import(resolve('react-dom/server'));
  const { BitboardFigure } = await import(pathToFileURL(path.join(project, 'BitboardFigure.js')).href);
  const html = renderToString(createElement(BitboardFigure, { fen: '8/8/8/8/4P3/8/8/8 w - - 0 1', layout: '0x88', arrows: 'Ge2e4', marks: 'Gd4' }));
  assert.match(html, /<bitboard-view fen="8\/8\/8\/8\/4P3\/8\/8\/8 w - - 0 1" show="P" layout="0x88" arrows="Ge2e4" marks="Gd4"><\/bitboard-view>/);
  assert.match(html, /Point at a square/);
});

test.after(() => fs.rmSync(tmp, { recursive: true, force: true }));
