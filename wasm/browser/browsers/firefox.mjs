// firefox.mjs: one Firefox for the Go package browsers (firefox.go),
// driven over WebDriver BiDi by puppeteer-core, which starts Debian's
// firefox-esr and downloads nothing. firefox.go runs it with Node from
// wasm/ (where npm installed puppeteer-core), with the browser's path in
// BITVIEW_FIREFOX and BITVIEW_NOSCRIPT=1 for JavaScript off.
//
// It reads requests on stdin, one JSON object a line: {id, op, ...}, the
// op's arguments beside; and answers each on stdout, in any order, with
// {id, value} or {id, error}. Its first line is {ready: "firefox/VERSION"}.
// When stdin closes (the Go side closed the browser, or died) it closes
// Firefox and exits.
import puppeteer from 'puppeteer-core';
import readline from 'node:readline';

const noScript = process.env.BITVIEW_NOSCRIPT === '1';
const browser = await puppeteer.launch({
  browser: 'firefox',
  executablePath: process.env.BITVIEW_FIREFOX,
  headless: true,
  handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false, // quit() below
  protocolTimeout: 0, // the Go side's context ends a request
  extraPrefsFirefox: noScript ? { 'javascript.enabled': false } : {},
});

const tabs = new Map(); // id → {page, errors}
let lastTab = 0;

function tab(id) {
  const t = tabs.get(id);
  if (!t) throw new Error(`no tab ${id}`);
  return t;
}

// The ops; each returns a value JSON can carry.
const ops = {
  async newTab() {
    // Firefox may discard the new tab's first browsing context while
    // others open and close beside it (DiscardedBrowsingContextError):
    // such a tab is asked for again, twice at most.
    let page;
    for (let tries = 1; ; tries++) {
      try {
        page = await browser.newPage();
        break;
      } catch (err) {
        if (tries === 3 || !/DiscardedBrowsingContext|no such frame/.test(String(err?.message ?? err))) throw err;
      }
    }
    const t = { page, errors: [] };
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warn') t.errors.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (err) => t.errors.push(`exception: ${err.message ?? err}`));
    page.setDefaultTimeout(0);
    page.setDefaultNavigationTimeout(0);
    tabs.set(++lastTab, t);
    return lastTab;
  },
  async navigate({ tab: id, url }) {
    await tab(id).page.goto(url, { waitUntil: 'load' });
    return null;
  },
  // js is an expression whose value is a string (the JSON of the
  // caller's value: see script in browsers.go).
  eval({ tab: id, js }) {
    return tab(id).page.evaluate(js);
  },
  async evalFrame({ tab: id, frame, js }) {
    const el = await tab(id).page.$(frame);
    if (!el) throw new Error(`no iframe matches ${JSON.stringify(frame)}`);
    const f = await el.contentFrame();
    if (!f) throw new Error(`${JSON.stringify(frame)} is not an iframe with a document`);
    return f.evaluate(js);
  },
  async click({ tab: id, selector }) {
    await tab(id).page.click(selector);
    return null;
  },
  async keys({ tab: id, text }) {
    await tab(id).page.keyboard.type(text);
    return null;
  },
  async viewport({ tab: id, width, height }) {
    await tab(id).page.setViewport({ width, height });
    return null;
  },
  screenshot({ tab: id }) {
    return tab(id).page.screenshot({ encoding: 'base64' });
  },
  errors({ tab: id }) {
    return [...tab(id).errors];
  },
  async closeTab({ tab: id }) {
    const t = tabs.get(id);
    tabs.delete(id);
    await t?.page.close();
    return null;
  },
};

function send(msg) {
  process.stdout.write(JSON.stringify(msg) + '\n');
}

let quitting;
function quit() {
  quitting ??= browser.close().catch(() => {}).then(() => process.exit(0));
}
process.on('SIGTERM', quit);
process.on('SIGINT', quit);
browser.on('disconnected', () => {
  if (!quitting) {
    process.stderr.write('firefox.mjs: Firefox closed its connection\n');
    process.exit(1);
  }
});

send({ ready: await browser.version() });
const lines = readline.createInterface({ input: process.stdin });
lines.on('line', async (line) => {
  let req;
  try {
    req = JSON.parse(line);
    const op = ops[req.op];
    if (!op) throw new Error(`unknown op ${JSON.stringify(req.op)}`);
    send({ id: req.id, value: (await op(req)) ?? null });
  } catch (err) {
    send({ id: req?.id ?? 0, error: String(err?.message ?? err) });
  }
});
lines.on('close', quit);
