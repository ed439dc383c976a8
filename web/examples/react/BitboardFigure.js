// BitboardFigure.jsx without a build step: the same component with
// React.createElement (what a JSX compiler writes). "react" and
// "bitview/element" come from the page's import map (see index.html).
import { createElement as h, useEffect, useRef, useState } from 'react';
import 'bitview/element';

export function BitboardFigure({ fen, show = 'P', layout = 'lerf', arrows = '', marks = '' }) {
  const ref = useRef(null);
  const [square, setSquare] = useState(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const onSquare = (e) => setSquare(e.detail);
    el.addEventListener('bitview-square', onSquare);
    return () => el.removeEventListener('bitview-square', onSquare);
  }, []);
  return h('figure', null,
    h('bitboard-view', { ref, fen, show, layout, arrows, marks }),
    h('figcaption', null, square ? `${square.square} is ${square.index} in ${square.layout}` : 'Point at a square.'));
}
