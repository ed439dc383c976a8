// views.js: the views mount draws (api.js), each a handle over Go's view
// (wasm/element.go), and the release of a view whose root has left the
// document without destroy().

import { assetURL } from './base.js';
import { argError, plain } from './args.js';
import { PIECE_BASE } from '../bitview-options.js';

// mount draws a view into root (see the API's mount) and answers its
// handle: {ok, error, drawn, update(options), svg(theme, pieces),
// destroy()}.
// The options, the theme and the pieces are copied into plain data before
// Go reads them. A view that could not be drawn at all (drawn: false; Go
// holds nothing of it) answers {ok: false, error} with inert methods:
// update answers the same error, svg '', and destroy does nothing. A view
// released because its root left the document (see mountedViews) answers
// update with an error saying so and svg with ''; its destroy() empties
// the root.
export function mount(go, views, root, options) {
  views.sweep();
  let drawn;
  try {
    if (typeof Element !== 'function' || !(root instanceof Element)) throw new Error('mount needs an element to draw into');
    drawn = go.mount(root, viewOptions(options));
  } catch (err) {
    drawn = { id: 0, ok: false, error: argError('root', err.message) };
  }
  const { id, ok, error } = drawn;
  if (id === 0) {
    return {
      ok: false, error, drawn: false,
      update: () => ({ ok: false, error }),
      svg: () => '',
      destroy: () => {},
    };
  }
  let released = false;
  const call = (method, ...args) => {
    try {
      return go.view(id, method, ...args);
    } catch (err) {
      return method === 'update' ? { ok: false, error: argError('options', `internal error: ${err.message}`) } : method === 'svg' ? '' : undefined;
    }
  };
  views.add(id, root, () => {
    released = true;
    call('release');
  });
  return {
    ok, error, drawn: true,
    update: (o) => {
      if (released) return { ok: false, error: argError('root', RELEASED) };
      let copy;
      try {
        copy = viewOptions(o);
      } catch (err) {
        return { ok: false, error: argError('options', `the options could not be read: ${err?.message ?? err}`) };
      }
      return call('update', copy);
    },
    svg: (theme, pieces) => released ? '' : call('svg', plain(theme ?? null), plain(pieces ?? null)),
    destroy: () => {
      views.delete(id);
      if (released) {
        root.replaceChildren();
        return;
      }
      call('destroy');
    },
  };
}

const RELEASED = 'the view was released: its root left the document without destroy(); mount it again';

// mountedViews keeps one Go instance's mounted views by id, to release a
// view whose root has left the document without destroy(): Go forgets it
// and removes its listeners, and its drawing stays in the root as it was.
// A view's root counts as having been in the document once it is seen
// connected (at mount or at a sweep); one mounted into a detached element
// is released only after it has been inserted and removed again. A sweep
// runs at every mount and, where there is a MutationObserver, after any
// change to the documents the roots belong to (a root inside another
// element's shadow root is seen to go when its host goes, and at the next
// mount otherwise). A root taken out and put back in one task is not
// released.
export function mountedViews(go) {
  const live = new Map(); // id → {root, seen, release}
  let observer = null;
  const observed = new Set(); // the documents the observer watches
  const sweep = () => {
    for (const [id, v] of live) {
      if (v.root.isConnected) {
        v.seen = true;
      } else if (v.seen) {
        live.delete(id);
        v.release();
      }
    }
    if (live.size === 0 && observer !== null) {
      observer.disconnect();
      observed.clear();
    }
  };
  const observe = (doc) => {
    if (typeof MutationObserver !== 'function' || doc === null || observed.has(doc)) return;
    try {
      observer ??= new MutationObserver(sweep);
      observer.observe(doc, { childList: true, subtree: true });
      observed.add(doc);
    } catch {} // a document that cannot be observed is swept at the next mount
  };
  return {
    sweep,
    add(id, root, release) {
      live.set(id, { root, seen: root.isConnected, release });
      observe(root.ownerDocument);
    },
    delete(id) {
      live.delete(id);
    },
  };
}

// viewOptions copies a view's options into plain data, with the pieces'
// folder at the base unless they name one; a value that is no object is
// passed as it is, for Go to refuse.
function viewOptions(o) {
  if (o === undefined || o === null) return { pieceBase: assetURL(PIECE_BASE) };
  return typeof o === 'object' ? { pieceBase: assetURL(PIECE_BASE), ...plain(o) } : o;
}

