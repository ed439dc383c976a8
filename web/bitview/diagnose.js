// diagnose.js: why one of Bitview's files could not be loaded, and the
// failure box that says it. Both are bitview-load.js's (the classic script
// of an author's one line, which must tell it without any module, as the
// modules may be what failed), imported here as a module with the rest,
// so that it is there when the network is gone: it defines
// globalThis.__bitviewDiagnosis, and loads nothing imported this way.

import { home } from './base.js';
import '../bitview-load.js';

// diagnosis resolves to bitview-load.js's {diagnose, failureBox}.
async function diagnosis() {
  return globalThis.__bitviewDiagnosis;
}

/**
 * Tells why one of Bitview's files (or the element's own script) could
 * not be loaded, by asking for it again (see LoadDiagnosis in
 * bitview.d.ts). It reads at most the first 512 bytes of the answer.
 * @param {string|URL} url the file that failed, relative to the page
 * @returns {Promise<{cause: 'not-found'|'no-cors'|'mime'|'html'|'offline'|'http'|'loads', url: string, status: number, type: string, message: string, fix: string}>}
 */
export async function diagnose(url) {
  const u = new URL(url, globalThis.document?.baseURI ?? home);
  return (await diagnosis()).diagnose(u.href);
}

/**
 * The failure box: a <div class="failed" role="alert"> saying message and
 * then fix, styled without view.css, with data-url and data-cause.
 * @param {{message: string, fix?: string, url?: string, cause?: string}} d
 * @returns {Promise<HTMLElement>}
 */
export async function failureBox(d) {
  return (await diagnosis()).failureBox(d);
}

const explained = new Map(); // URL → the promise of its explanation: one probe per failed file for the page

/**
 * What an element says when Bitview could not start (err, from load or a
 * stylesheet): the file that failed (err.url) is asked for again
 * (diagnose, once per URL for the whole page, given up after 10 s) to
 * name the cause and its fix.
 * @param {Error & {url?: string}} err
 * @param {string} base the folder Bitview's files are loaded from
 * @returns {Promise<{message: string, fix: string, url: string, cause: string}>}
 */
export async function explain(err, base) {
  if (!err?.url) {
    return { message: `Bitview could not start: ${err?.message ?? err}`, url: base, cause: '',
      fix: `Bitview loads its files from ${base}; call setBaseURL('/path/to/bitview/') from bitview-element.js if they are elsewhere.` };
  }
  let found = explained.get(err.url);
  if (!found) {
    found = Promise.race([diagnose(err.url), new Promise((resolve) => setTimeout(resolve, 10_000, null))]).catch(() => null); // a probe that hangs says nothing
    explained.set(err.url, found);
  }
  const d = await found;
  if (!d || d.cause === 'loads') return { message: `Bitview could not start: ${err.message}`, url: err.url, fix: d?.fix ?? 'Reload the page.', cause: '' };
  return { message: d.message, url: err.url, fix: d.fix, cause: d.cause };
}
