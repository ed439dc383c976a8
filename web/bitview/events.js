// events.js: the JavaScript half of Go's one event path (wasm/events.go):
// goEvents, set as globalThis.__bitviewJS before Go starts.

import { patchCard } from './card.js';

const listeners = new Map(); // scope → [[target, type, fn, capture]]

// goEvents are the helpers Go calls: listen(target, type, scope) adds one
// listener of events of type on target that copies what Go needs out of
// each event into plain values (its type, key, modifier keys, button,
// position, target, and a worker message's data; a toggle event's
// newState and an error event's message as its key) and hands them to
// __bitviewGo.event(scope, …), then calls preventDefault and
// stopPropagation as Go answered; unlisten(scope) removes a scope's
// listeners. Every listener is in the capture phase, so that events that
// do not bubble (pointerleave, toggle) reach it too. patchCard writes a
// new position into a card (card.js); copy is copyText below.
export const goEvents = {
  listen(target, type, scope) {
    const capture = true;
    const fn = (ev) => {
      let args;
      try {
        const key = type === 'toggle' ? ev.newState : type === 'error' ? ev.message : ev.key;
        args = [scope, ev.type, typeof key === 'string' ? key.slice(0, 64) : '',
          (ev.shiftKey ? 1 : 0) | (ev.altKey ? 2 : 0) | (ev.ctrlKey ? 4 : 0) | (ev.metaKey ? 8 : 0) | (ev.defaultPrevented ? 16 : 0),
          Number(ev.button) | 0, Number(ev.clientX) || 0, Number(ev.clientY) || 0,
          typeof Node === 'function' && ev.target instanceof Node ? ev.target : null, type === 'message' ? ev.data : undefined];
      } catch {
        return; // an event whose properties throw is not Bitview's
      }
      const answer = globalThis.__bitviewGo.event(...args);
      if (answer & 1) ev.preventDefault();
      if (answer & 2) ev.stopPropagation();
    };
    target.addEventListener(type, fn, capture);
    if (!listeners.has(scope)) listeners.set(scope, []);
    listeners.get(scope).push([target, type, fn, capture]);
  },
  unlisten(scope) {
    for (const [target, type, fn, capture] of listeners.get(scope) ?? []) target.removeEventListener(type, fn, capture);
    listeners.delete(scope);
  },
  patchCard,
  copy: copyText,
};

/**
 * Copies text to the clipboard and says so on the button that asked
 * ("Copied", "Not allowed", or "Select it" without a clipboard): the one
 * copy of a readout's value, for Go's views (wasm/figure.go) and for a
 * prerendered figure before the wasm (idle.js).
 * @param {HTMLElement} button
 * @param {string} text
 */
export function copyText(button, text) {
  const clip = globalThis.navigator?.clipboard;
  if (!clip) {
    button.textContent = 'Select it';
    return;
  }
  clip.writeText(text).then(() => { button.textContent = 'Copied'; }, () => { button.textContent = 'Not allowed'; });
}
