// A <bitboard-view> in React: a custom element is written like any tag.
// The attributes are strings; listen to its events through a ref (React 19
// also takes onbitview-square style props, React 18 does not).
import { useEffect, useRef, useState } from 'react';
import 'bitview/element';

export function BitboardFigure({ fen, show = 'P', layout = 'lerf', arrows = '', marks = '' }) {
  const ref = useRef(null);
  const [square, setSquare] = useState(null);
  useEffect(() => {
    const el = ref.current;
    const onSquare = (e) => setSquare(e.detail);
    el.addEventListener('bitview-square', onSquare);
    return () => el.removeEventListener('bitview-square', onSquare);
  }, []);
  return (
    <figure>
      <bitboard-view ref={ref} fen={fen} show={show} layout={layout} arrows={arrows} marks={marks} />
      <figcaption>{square ? `${square.square} is ${square.index} in ${square.layout}` : 'Point at a square.'}</figcaption>
    </figure>
  );
}
