import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** The names of a module's exports that are screens (components taking no props). */
type ScreenExports<M> = { [K in keyof M]: M[K] extends ComponentType ? K : never }[keyof M] & string;

/**
 * One screen of a remote's screens table as a chunk of its own, loaded when its route is first opened:
 * `lazyScreen(() => import('../features/faq'), 'FaqPage')`. The export is named, not picked by a function, so
 * a table reads as path → module and screen, and a misspelt name is a type error. Several screens of one
 * module share its chunk (webpack loads it once).
 */
export function lazyScreen<M, K extends ScreenExports<M>>(
  load: () => Promise<M>,
  exportName: K,
): LazyExoticComponent<ComponentType> {
  return lazy(() => load().then((module) => ({ default: module[exportName] as ComponentType })));
}
