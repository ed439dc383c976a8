// nodeload.mjs: the Node tests' one way to start Bitview, as a page
// does: Go's wasm_exec.js (from this Go's GOROOT, lib/wasm), then
// web/bitview.js's load() with web/bitview.wasm's bytes (`make wasm`
// first). Not a test file itself (node --test runs *.test.mjs).

import fs from 'node:fs';
import path from 'node:path';
import { execSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The repository's root folder. */
export const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Starts Bitview once per process.
 * @param {() => void} [beforeLoad] runs once globalThis.Go is defined and before bitview.js creates its Go instance
 * @returns {Promise<{api: object, load: Function, bytes: Buffer}>} the API, bitview.js's load and the wasm's bytes
 */
export async function startBitview(beforeLoad = () => {}) {
  const goroot = execSync('go env GOROOT').toString().trim();
  await import(pathToFileURL(path.join(goroot, 'lib/wasm/wasm_exec.js')).href);
  beforeLoad();
  const { load } = await import(pathToFileURL(path.join(root, 'web/bitview.js')).href);
  const bytes = fs.readFileSync(path.join(root, 'web/bitview.wasm'));
  return { api: await load(bytes), load, bytes };
}
