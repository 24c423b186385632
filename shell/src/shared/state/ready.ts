import { atom } from 'jotai';

/** False between the guard's not-ready and ready marks after a navigation (spec section 4). */
export const appReadyAtom = atom(true);
