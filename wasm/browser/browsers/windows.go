//go:build !(js && wasm)

package browsers

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// Windows opens the tabs of a Chromium browser, each in a window that
// outlives it. chromedp opens a tab in a window of its own (a tab that is
// not its window's front tab is hidden, and a hidden page gets no
// animation frames), and a page's first load in a new window costs about
// twice the CPU of a load in a window already open: 4.4 CPU-s against 2.1–2.5
// for Bitview's page on two cores (measured with chromedp against
// Chromium 156, eight loads each). So each window keeps a blank tab, its
// holder, and is given to one test tab at a time: the tab is opened from
// the holder (window.open, which puts it in the holder's window, in front)
// and, when it closes, the window goes back to the pool. Windows are made
// as tests ask for them, as many as run at once.
type Windows struct {
	browser context.Context // the browser's first tab (chromedp.NewContext over an allocator)

	mu      sync.Mutex
	holders []context.Context    // the holders of the windows no tab uses
	closers []context.CancelFunc // every holder's, called when the browser ends
	opened  atomic.Int64
}

// NewWindows returns the pool of the browser whose first tab's context is
// browser.
func NewWindows(browser context.Context) *Windows {
	return &Windows{browser: browser}
}

// Tab opens a tab in a free window (a new one when none is free) and
// returns its chromedp context and the function that closes it and frees
// its window. ctx bounds the opening alone.
func (w *Windows) Tab(ctx context.Context) (context.Context, context.CancelFunc, error) {
	holder, err := w.holder()
	if err != nil {
		return nil, nil, err
	}
	name := fmt.Sprintf("about:blank#bitview-tab-%d", w.opened.Add(1))
	// The holder's page, about:blank, opens the tab in its own window and
	// in front of itself; popups are allowed (chromedp's default flags).
	if _, err := chromedp.Run(holder, chromedp.Evaluate[bool](`(window.open(`+quoteJS(name)+`, '_blank'), true)`)); err != nil {
		w.put(holder)
		return nil, nil, fmt.Errorf("opening a tab in a window: %w", err)
	}
	var id target.ID
	for deadline := time.Now().Add(30 * time.Second); id == ""; {
		infos, err := chromedp.Targets(w.browser)
		if err != nil {
			w.put(holder)
			return nil, nil, err
		}
		for _, in := range infos {
			if in.Type == "page" && in.URL == name {
				id = in.TargetID
			}
		}
		if id != "" {
			break
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			w.put(holder)
			return nil, nil, fmt.Errorf("the tab %s opened by window.open did not appear within 30 s", name)
		}
		time.Sleep(20 * time.Millisecond)
	}
	tab, cancel := chromedp.NewContext(w.browser, chromedp.WithTargetID(id))
	if err := chromedp.Do(tab); err != nil {
		cancel()
		w.put(holder)
		return nil, nil, err
	}
	var once sync.Once
	return tab, func() {
		once.Do(func() {
			cancel() // closes the tab (it was attached WithTargetID): the holder is its window's front tab again
			w.put(holder)
		})
	}, nil
}

// holder returns a free window's holder, or opens a new window.
func (w *Windows) holder() (context.Context, error) {
	w.mu.Lock()
	if n := len(w.holders); n > 0 {
		h := w.holders[n-1]
		w.holders = w.holders[:n-1]
		w.mu.Unlock()
		return h, nil
	}
	w.mu.Unlock()
	// Lives as long as the browser: a child of its first tab's context.
	h, cancel := chromedp.NewContext(w.browser)
	if err := chromedp.Do(h); err != nil {
		cancel()
		return nil, fmt.Errorf("opening a window: %w", err)
	}
	w.mu.Lock()
	w.closers = append(w.closers, cancel)
	w.mu.Unlock()
	return h, nil
}

// put gives the window of holder back to the pool.
func (w *Windows) put(holder context.Context) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.holders = append(w.holders, holder)
}

// quoteJS is s as a JavaScript string literal (s holds no quote or
// backslash: a URL Windows makes).
func quoteJS(s string) string { return "'" + s + "'" }
