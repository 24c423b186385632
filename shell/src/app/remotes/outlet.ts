import { watchContainer } from './first-content';

/** The element in the layout that holds every remote's container. React renders it once and never its children. */
export const OUTLET_ID = 'sq-remote-outlet';

/** The container of one remote (single-spa's conventional id), created inside the outlet on first use. */
export function remoteContainer(name: string): HTMLElement {
  const id = `single-spa-application:${name}`;
  const existing = document.getElementById(id);
  if (existing) return existing;
  const container = document.createElement('div');
  container.id = id;
  container.dataset.remoteContainer = name;
  (document.getElementById(OUTLET_ID) ?? document.body).append(container);
  watchContainer(name, container);
  return container;
}
