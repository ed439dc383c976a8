// The React example's page (index.html): one figure, rendered by React
// through BitboardFigure.js, with React and Bitview named by the page's
// import map.
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { BitboardFigure } from './BitboardFigure.js';

createRoot(document.getElementById('root')).render(
  h(BitboardFigure, { fen: '8/8/8/8/4P3/8/8/8 w - - 0 1', show: 'P', layout: '0x88', arrows: 'Ge2e4', marks: 'Gd4' }));
