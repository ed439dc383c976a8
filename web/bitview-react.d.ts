// <bitboard-view> in React's JSX (React 18.3 and 19, whose types keep JSX
// in React.JSX). Types only: import type {} from 'bitview/react';
// It needs @types/react, which is why it is apart from bitview-element.d.ts.
import type { Ref, HTMLAttributes } from 'react';
import type { BitboardView, BitboardViewAttributes } from './bitview-element.js';

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'bitboard-view': BitboardViewAttributes & HTMLAttributes<BitboardView> & { ref?: Ref<BitboardView> };
    }
  }
}
