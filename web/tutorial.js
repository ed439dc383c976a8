// tutorial.html: show each figure's markup under it, taken from the page
// itself before the element upgrades (so the text and the figure never
// disagree), then load the element.
for (const fig of document.querySelectorAll('figure.example')) {
  const view = fig.querySelector('bitboard-view');
  const pre = document.createElement('pre');
  pre.className = 'markup';
  // It wraps when narrow (tutorial.css); a named stop in the tab order,
  // so the keyboard reaches it and a screen reader names it.
  pre.tabIndex = 0;
  pre.setAttribute('role', 'region');
  pre.setAttribute('aria-label', 'The markup of this figure');
  const code = document.createElement('code');
  // The element's tags without its content: the prerendered figure (an
  // SVG written by the bitview command) is no part of what to copy.
  code.textContent = view.cloneNode(false).outerHTML.replace(/=""/g, '');
  pre.append(code);
  fig.append(pre);
}
import('./sw-register.js').catch(() => {}); // offline after the first visit, as for the page
await import('./bitview-element.js');
