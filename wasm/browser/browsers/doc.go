//go:build !(js && wasm)

// Package browsers is one harness that drives the three browser engines
// Bitview's author-facing tests run in: Chromium, Firefox and WebKit, each
// as Debian packages it (chromium-headless-shell, see ChromiumNames;
// firefox-esr; webkit2gtk-driver's
// WebKitWebDriver with the MiniBrowser of libwebkit2gtk, under Xvfb). A
// test writes its steps once against the Tab interface and runs them in
// every engine:
//
//	for _, e := range browsers.Engines {
//		t.Run(string(e), func(t *testing.T) {
//			if why := browsers.Missing(e); why != "" {
//				t.Skip(why) // it names what is missing and the command that installs it
//			}
//			b, err := browsers.Launch(ctx, e, browsers.Options{})
//			if err != nil {
//				t.Fatal(err)
//			}
//			defer b.Close()
//			tab, err := b.NewTab(ctx) // 1280×1000 CSS pixels
//			if err != nil {
//				t.Fatal(err)
//			}
//			defer tab.Close()
//			if err := tab.Navigate(ctx, url+"/embed.html?show=P"); err != nil {
//				t.Fatal(err)
//			}
//			if err := browsers.Wait(ctx, tab, `document.querySelector('bitboard-view')?.status.ok`); err != nil {
//				t.Fatal(err)
//			}
//			var svg string
//			if err := tab.Eval(ctx, `document.querySelector('bitboard-view').toSVG()`, &svg); err != nil {
//				t.Fatal(err)
//			}
//			png, err := tab.Screenshot(ctx) // the viewport, as a PNG: look at it
//		})
//	}
//
// Options.NoScript launches a browser with JavaScript off for the page
// (Chromium: the Emulation domain's script execution switch per tab;
// Firefox: the javascript.enabled preference; WebKit: MiniBrowser's
// --enable-javascript=false). The harness's own scripts still run there
// (Eval, Wait), synchronously: a promise is not awaited with scripts off.
//
// Eval takes one JavaScript expression, awaits it when it is a promise,
// and decodes its value, sent as JSON, into a Go value, as
// encoding/json does; the page's Content-Security-Policy does not apply
// to it. Click and Type are real input events (a mouse click at the
// element's centre, key presses), not DOM calls. Errors gives the console
// errors, warnings and uncaught exceptions in Chromium and Firefox;
// WebKit's classic WebDriver has no log, and it returns
// errors.ErrUnsupported there. The network is read where every engine can
// be read alike, on the wire: Record puts a recording proxy in front of a
// server and lists each request that reached it, with the bytes sent back
// (a file taken from a cache is not a request).
//
// How each engine is driven, with a well-kept library where one exists:
//   - Chromium over the DevTools protocol with chromedp (ChromiumTab.Context
//     gives the tab's chromedp context for what only Chromium has:
//     throttling, tracing);
//   - Firefox over WebDriver BiDi with puppeteer-core from npm (wasm's
//     devDependencies; `cd wasm && npm install` installs it, and it
//     downloads no browser): a Node process per browser runs firefox.mjs,
//     which answers this package's requests, one JSON object a line;
//   - WebKit over classic W3C WebDriver, a few HTTP requests written here
//     (no Go client of it is maintained, and Node's pull in driver
//     downloads that fail offline): WebKitWebDriver on a free loopback
//     port, on its own Xvfb display (Xvfb -displayfd picks a free one),
//     one session per Browser and a window per Tab.
//
// Every process a Browser starts is stopped by Close, with its children
// (a process group), and also when the test binary dies (Linux: a parent
// death signal): no browser outlives the tests.
package browsers
