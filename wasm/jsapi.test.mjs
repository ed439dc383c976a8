// Node tests that the JS API is the one Go's table (wasm/jsapi) defines:
// every name, in order, with its argument count (the function's length:
// its required arguments), and every answer's shape against the
// interfaces of web/bitview.d.ts, through the Bitview interface that go
// generate writes from the same table (web/bitview-api.d.ts). Run with
// `node --test wasm/` after `make wasm`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startBitview, root } from './nodeload.mjs';

const { api } = await startBitview();
const go = globalThis.__bitviewGo;

// entries reads Go's signatures ("version", "mount(root,options?)") on
// their own, not with bitview.js's reader, which the test holds to them.
function entries() {
  return go.tables().api.split(' ').map((sig) => {
    const m = /^(\w+)(?:\(([\w?,]*)\))?$/.exec(sig);
    assert.ok(m, `signature ${sig}`);
    const params = m[2] ? m[2].split(',') : [];
    const required = params.filter((p) => !p.endsWith('?')).length;
    return { name: m[1], property: m[2] === undefined, params: params.map((p) => p.replace('?', '')), required };
  });
}

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';

/**
 * The interfaces of a .d.ts: name → {extends, fields: name → {type, optional}}.
 * A member is a line "  name: type;", "  name?: type;" or a method "  name(…): type;"
 * (its type "function", its answer's type in returns).
 */
function interfaces(file) {
  const out = new Map();
  const text = fs.readFileSync(path.join(root, 'web', file), 'utf8');
  for (const m of text.matchAll(/^export interface (\w+)(?: extends (\w+))? \{\n([\s\S]*?)^\}/gm)) {
    const fields = new Map();
    for (const line of m[3].split('\n')) {
      const f = /^ {2}(?:readonly )?(\w+)(\?)?(\(.*\))?: (.+);$/.exec(line);
      if (f) fields.set(f[1], { type: f[3] ? 'function' : f[4], returns: f[3] ? f[4] : undefined, optional: f[2] === '?' });
    }
    out.set(m[1], { extends: m[2], fields });
  }
  return out;
}

/**
 * The string-literal unions of a .d.ts ("export type X = 'a' | 'b';"):
 * name → the literals.
 */
function aliases(file) {
  const text = fs.readFileSync(path.join(root, 'web', file), 'utf8');
  return new Map([...text.matchAll(/^export type (\w+) = ('[^']*'(?: \| '[^']*')*);$/gm)].map((m) => [m[1], literals(m[2])]));
}

// literals returns the strings of a union of string literals, or null
// when type is not one.
function literals(type) {
  return /^'[^']*'(?: \| '[^']*')*$/.test(type) ? type.split(' | ').map((s) => s.slice(1, -1)) : null;
}

const TYPES = new Map([...interfaces('bitview.d.ts'), ...interfaces('bitview-options.d.ts')]);
const ALIASES = new Map([...aliases('bitview.d.ts'), ...aliases('bitview-options.d.ts')]);
const BITVIEW = interfaces('bitview-api.d.ts').get('Bitview');

// fieldsOf returns an interface's members, its parent's included.
function fieldsOf(name) {
  const t = TYPES.get(name);
  if (!t) return null;
  return new Map([...(t.extends ? fieldsOf(t.extends) : []), ...t.fields]);
}

// check asserts that value has the TypeScript type type, as far as the
// declarations say: interfaces member by member (no member missing
// unless optional, none extra), arrays element by element, `X | null`,
// unions of string literals (named or not) by their values, and the
// primitives by typeof. at names the place for messages.
function check(value, type, at) {
  type = type.trim();
  if (type.endsWith(' | null')) {
    if (value === null) return;
    type = type.slice(0, -' | null'.length);
  }
  if (type.endsWith('[]') && /^\w+\[\]$/.test(type)) {
    assert.ok(Array.isArray(value), `${at}: not an array (${type})`);
    value.forEach((v, i) => check(v, type.slice(0, -2), `${at}[${i}]`));
    return;
  }
  const fields = fieldsOf(type);
  if (fields) {
    assert.equal(typeof value, 'object', `${at}: not an object (${type})`);
    assert.notEqual(value, null, `${at}: null (${type})`);
    const extra = Object.keys(value).filter((k) => !fields.has(k));
    const missing = [...fields].filter(([k, f]) => !f.optional && !(k in value)).map(([k]) => k);
    assert.deepEqual({ extra, missing }, { extra: [], missing: [] }, `${at}: the answer and ${type} in the .d.ts differ`);
    for (const [k, f] of fields) if (k in value && f.type !== 'function') check(value[k], f.type, `${at}.${k}`);
    return;
  }
  const union = ALIASES.get(type) ?? literals(type);
  if (union) {
    assert.ok(union.includes(value), `${at}: ${JSON.stringify(value)} is not one of ${type} (${union.join(', ')}) in the .d.ts`);
    return;
  }
  const primitive = { string: 'string', number: 'number', boolean: 'boolean' }[type];
  if (primitive) assert.equal(typeof value, primitive, `${at}: not a ${type}`);
  else if (/^string \|/.test(type) && typeof value === 'string') return; // polyglotKey's key
  // Other types (Record<…>, inline objects) are checked by the API's own tests.
}

// topLevel splits a parameter list at its top-level commas (not those of
// a callback's own parameters).
function topLevel(list) {
  const out = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < list.length; i++) {
    if ('({<['.includes(list[i])) depth++;
    else if (')}>]'.includes(list[i]) && list[i - 1] !== '=') depth--;
    else if (list[i] === ',' && depth === 0) {
      out.push(list.slice(from, i).trim());
      from = i + 1;
    }
  }
  if (list.trim() !== '') out.push(list.slice(from).trim());
  return out;
}

// One call of each function whose answer Node can check; the others need
// a page (a DOM, fetch of the pieces, a canvas) and are called by
// wasm/browser's tests.
const CALLS = {
  version: () => api.version,
  layouts: () => api.layouts(),
  bitboardNames: () => api.bitboardNames(),
  parseFen: () => api.parseFen(KIWIPETE),
  writeFen: () => api.writeFen(api.parseFen(KIWIPETE).position),
  bitboard: () => api.bitboard(KIWIPETE, 'P', '0x88'),
  perft: () => api.perft(KIWIPETE, 2),
  polyglotKey: () => api.polyglotKey(START),
  matchBitboards: () => api.matchBitboards(START, 'P: 0x000000000000ff00'),
  magic: () => api.magic('rook', 'e4', 0x1000n),
};
const IN_A_PAGE = ['mount', 'themeOf', 'pieceImages', 'svgToPng', 'saveFigure'];

test('the API is Go\'s table: every name, in order, and each function\'s argument count', () => {
  const all = entries();
  assert.deepEqual(Object.keys(api), all.map((e) => e.name));
  for (const e of all) {
    if (e.property) continue;
    assert.equal(typeof api[e.name], 'function', e.name);
    assert.equal(api[e.name].length, e.required, `${e.name}(${e.params.join(', ')}): length`);
  }
  // bitview-api.d.ts, generated from the same table, declares each with its arguments.
  assert.deepEqual([...BITVIEW.fields.keys()], all.map((e) => e.name));
  const declared = fs.readFileSync(path.join(root, 'web/bitview-api.d.ts'), 'utf8');
  for (const e of all.filter((x) => !x.property)) {
    const m = new RegExp(`^ {2}${e.name}\\((.*)\\): `, 'm').exec(declared);
    const names = topLevel(m[1]).map((p) => /^(\w+)/.exec(p)[1]);
    assert.deepEqual(names, e.params, `${e.name}'s arguments in bitview-api.d.ts`);
  }
});

test('every answer has the shape bitview.d.ts declares', () => {
  // The check itself finds a member missing, one extra, and a wrong type deep down.
  assert.throws(() => check({ code: 'x', message: 'y' }, 'Warning', 'w'), (err) => err.actual?.missing?.[0] === 'squares');
  assert.throws(() => check({ code: 'x', message: 'y', squares: [], more: 1 }, 'Warning', 'w'), (err) => err.actual?.extra?.[0] === 'more');
  assert.throws(() => check([{ code: 'x', message: 'y', squares: [1] }], 'Warning[]', 'w'), /w\[0\]\.squares\[0\]: not a string/);
  assert.throws(() => check('w', "'lerf' | '0x88'", 'l'), /l: "w" is not one of/);
  for (const e of entries()) {
    if (IN_A_PAGE.includes(e.name)) continue;
    assert.ok(Object.hasOwn(CALLS, e.name), `no call of ${e.name} here: add one to CALLS (or to IN_A_PAGE)`);
    const answer = CALLS[e.name]();
    if (answer && typeof answer === 'object' && 'ok' in answer) assert.equal(answer.ok, true, `${e.name}: ${answer.error?.message}`);
    const declared = BITVIEW.fields.get(e.name);
    check(answer, declared.returns ?? declared.type, e.name); // a method's answer, a property's value
  }
  for (const name of Object.keys(CALLS)) assert.ok(name in api, `CALLS has ${name}, which the API lacks`);
});

test('the tables bitview.js reads from Go', () => {
  const [squares, castling] = [go.tables().squares.split(' '), go.tables().castling.split(' ')];
  assert.equal(squares.length, 64);
  assert.deepEqual([squares[0], squares[7], squares[28], squares[63]], ['a1', 'h1', 'e4', 'h8']);
  assert.deepEqual([castling[0], castling[1], castling[2], castling[4], castling[8], castling[15]], ['-', 'K', 'Q', 'k', 'q', 'KQkq']);
  const r = api.parseFen(KIWIPETE);
  assert.equal(r.position.castling, 'KQkq');
  assert.equal(api.parseFen('8/8/8/8/4Pp2/8/8/K6k b - e3 0 1').position.enPassant, 'e3');
});
