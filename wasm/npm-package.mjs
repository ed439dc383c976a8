// npm-package.mjs makes a copy of dist/ (the static site) the npm package:
//
//   node wasm/npm-package.mjs out/npm
//
// It writes out/npm/package.json (version from wasm/version/version.go,
// the one place Bitview's version is written), copies LICENSE and
// README.md into it, and checks that every file the package names is
// there. `make npm-package` runs it on a copy of dist/, so that dist/
// holds no README.md (MkDocs would make a page of it); nothing is
// downloaded; `cd out/npm && npm pack` then makes bitview-<version>.tgz.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The Version const of wasm/version/version.go, e.g. "0.1.0". */
export function version() {
  const m = /^const Version = "([^"]+)"/m.exec(fs.readFileSync(path.join(root, 'wasm/version/version.go'), 'utf8'));
  if (!m) throw new Error('wasm/version/version.go has no `const Version = "…"`');
  return m[1];
}

const entry = (js, types) => ({ types: `./${types}`, default: `./${js}` });

/** The package's files (npm's "files"; LICENSE, README.md and package.json go in anyway). */
export const FILES = [
  'bitview-load.js', 'bitview-frame.js', 'bitview.js', 'bitview/*.js', 'bitview-element.js', 'bitview-markdown.js', 'bitview-options.js',
  'bitview.d.ts', 'bitview-api.d.ts', 'bitview-element.d.ts', 'bitview-options.d.ts', 'bitview-markdown.d.ts', 'bitview-react.d.ts', 'custom-elements.json',
  'bitview.wasm', 'wasm_exec.js', 'perft-worker.js', 'view.css', 'repr.css', 'embed.html', 'embed.css', 'embed.js',
  'pieces/chessnut/*.svg', 'pieces/chessnut/LICENSE.txt', 'pieces/chessnut/README.txt',
];

/** package.json for Bitview's files at the given version. */
export function packageJSON(v = version()) {
  return {
    name: 'bitview',
    version: v,
    description: 'Chess positions as bitboards, in any web page: <bitboard-view>, Markdown blocks and a JS API (Go compiled to WebAssembly)',
    license: 'MIT',
    type: 'module',
    main: './bitview.js',
    types: './bitview.d.ts',
    exports: {
      '.': entry('bitview.js', 'bitview.d.ts'),
      './loader': entry('bitview.js', 'bitview.d.ts'),
      './element': entry('bitview-element.js', 'bitview-element.d.ts'),
      './markdown': entry('bitview-markdown.js', 'bitview-markdown.d.ts'),
      './react': { types: './bitview-react.d.ts' },
      './custom-elements.json': './custom-elements.json',
      './package.json': './package.json',
      './*': './*', // bitview.wasm, view.css, pieces/… for bundlers and setBaseURL
    },
    customElements: 'custom-elements.json',
    // bitview-load.js: bitview/diagnose.js imports it for what it defines (the one load diagnosis).
    sideEffects: ['./bitview-element.js', './bitview-markdown.js', './bitview-load.js', './bitview-frame.js', './wasm_exec.js'],
    files: FILES,
    keywords: ['chess', 'bitboard', 'web-component', 'custom-element', 'webassembly', 'markdown'],
  };
}

/** Writes package.json, LICENSE and README.md into dir and checks the files. */
export function write(dir) {
  for (const f of FILES) {
    const [folder, glob] = f.includes('*') ? [path.dirname(f), path.basename(f)] : [null, null];
    const ok = folder
      ? fs.existsSync(path.join(dir, folder)) && fs.readdirSync(path.join(dir, folder)).some((n) => n.endsWith(glob.slice(1)))
      : fs.existsSync(path.join(dir, f));
    if (!ok) throw new Error(`${path.join(dir, f)} is missing: copy dist/ after \`make dist\` first`);
  }
  fs.copyFileSync(path.join(root, 'LICENSE'), path.join(dir, 'LICENSE'));
  fs.copyFileSync(path.join(root, 'README.md'), path.join(dir, 'README.md'));
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(packageJSON(), null, 2) + '\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node wasm/npm-package.mjs DIR   (DIR: a copy of dist/, e.g. out/npm)');
    process.exit(2);
  }
  write(dir);
  console.log(`${path.join(dir, 'package.json')}: bitview ${version()}`);
}
