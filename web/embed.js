// embed.html?fen=…&layout=…&show=…&board=0|1&labels=1&orientation=black:
// one <bitboard-view> from the URL's parameters, for sites that only allow
// iframes.
import './bitview-element.js';

const params = new URLSearchParams(location.search);
const view = document.getElementById('view');
for (const name of ['fen', 'layout', 'show', 'board', 'grid', 'labels', 'orientation', 'interactive', 'values', 'repr']) {
  if (params.has(name)) view.setAttribute(name, params.get(name));
}
