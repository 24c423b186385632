import fs from 'node:fs';
import path from 'node:path';
import { routeManifest, type RouteManifest } from '@sq/contracts/registry';
import { REMOTES, SHELL } from '@sq/contracts/remotes';
import { ROOT } from './paths';

/**
 * The route manifests of the shell and of every remote of the one list (`<folder>/src/routes.json`), the
 * shell first: together they are the site's route list, from which the registry, the guard's table and the
 * gateway's link previews are made.
 */
export function readRouteManifests(root = ROOT): RouteManifest[] {
  return [SHELL, ...REMOTES].map(({ folder }) =>
    routeManifest.parse(JSON.parse(fs.readFileSync(path.join(root, folder, 'src', 'routes.json'), 'utf8'))),
  );
}
