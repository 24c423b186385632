import { z } from 'zod';
import { ENTRY_NAME } from './remote-entry';

/**
 * The remote registry (`/remotes.json`), read by the shell at run time. Releasing a remote means publishing
 * its build under a versioned path and pointing its entry here at it; the shell is never rebuilt for that.
 */
export const routeAccess = z.enum(['public', 'member', 'admin']);
export const routeLayout = z.enum(['default', 'fullpage', 'fluid', 'empty']);

export const routeEntry = z.object({
  /** Path pattern in react-router syntax, e.g. `/projects/detail/:projectId`, `/itskilltrends/*`. */
  path: z.string().startsWith('/'),
  access: routeAccess,
  layout: routeLayout,
  /** Page title; the shell appends the site name. */
  title: z.string(),
  /** Header parts shown on this route (defaults: logo, menu). */
  header: z.array(z.enum(['logo', 'back', 'menu', 'title', 'share'])).optional(),
  /** False while the route shows the "준비 중" page. */
  ready: z.boolean().default(true),
  /**
   * The remote's federated entry that renders the route (its exposed `./{entry}`), `app` when absent
   * (remote-entry.ts). The operators' console is an entry of its own (`admin`): the shell loads an entry
   * only on its routes, so no visitor's or member's page downloads operator code.
   */
  entry: z.string().regex(ENTRY_NAME).optional(),
});

export const routeManifest = z.object({
  /** single-spa application name and Module Federation remote name, e.g. `mfe_programs`. */
  name: z.string().regex(/^[a-z][a-z0-9_]*$/),
  routes: z.array(routeEntry).min(1),
});

export const registryEntry = routeManifest.extend({
  version: z.string().min(1),
  /** URL of the remote's `mf-manifest.json` (absolute, or relative to the site origin). */
  manifestUrl: z.string().min(1),
  /** Versions published earlier, newest first; `rollback` points the entry back to one of them. */
  history: z.array(z.object({ version: z.string(), manifestUrl: z.string(), releasedAt: z.string() })).default([]),
  releasedAt: z.string(),
  /**
   * A version live for a sticky share of visitors: a visitor whose bucket (0-99, from the anonymous id in the
   * gateway's visitor cookie) is below `percent` runs it instead of `version`. The gateway decides
   * (api-gateway/src/releases/visitor-version.ts): `/remotes.json` answers each visitor with every remote at
   * the version they run and no `canary` left, and the page's first content is rendered at that version too.
   */
  canary: z
    .object({
      version: z.string().min(1),
      manifestUrl: z.string().min(1),
      percent: z.number().int().min(1).max(99),
      routes: z.array(routeEntry).min(1),
    })
    .optional(),
});

export const registry = z.object({ remotes: z.array(registryEntry) });

/**
 * What `/remotes.json` answers: the registry, and the origins besides the site's own that may serve bundles
 * (CSP_ASSET_ORIGINS), so the shell can refuse an entry whose manifest is anywhere else (manifest-url.ts).
 */
export const registryAnswer = registry.extend({ assetOrigins: z.array(z.string()).default([]) });

/**
 * The cookie with a visitor's anonymous id (random, no personal data), which the gateway sets and reads to
 * decide the versions that visitor runs (api-gateway/src/releases/visitor-version.ts). HttpOnly: no script reads it.
 */
export const VISITOR_COOKIE = 'sq_visitor';

export type RouteAccess = z.infer<typeof routeAccess>;
export type RouteLayout = z.infer<typeof routeLayout>;
export type RouteEntry = z.infer<typeof routeEntry>;
export type RouteManifest = z.infer<typeof routeManifest>;
export type RegistryEntry = z.infer<typeof registryEntry>;
export type Registry = z.infer<typeof registry>;

/** The module every remote exposes: single-spa lifecycles (bootstrap, mount, unmount). */
export const REMOTE_APP_MODULE = './app';
