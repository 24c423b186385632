import { atom } from 'jotai';
import { getSession, isTokenValid, subscribe, type Session } from '@sq/api-client';

/**
 * jotai view of the api-client's token store (the store itself is jotai-free so every bundle can read it).
 * Mounting the atom subscribes to the store, so sign-in, refresh, logout and other tabs all show up here.
 */
const sessionBase = atom<Session>(getSession());
sessionBase.onMount = (set) => {
  set(getSession());
  return subscribe(set);
};

export const sessionAtom = atom((get) => get(sessionBase));
export const signedInAtom = atom((get) => isTokenValid(get(sessionBase).token));
