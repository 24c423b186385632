import { manifestUrlAllowed } from '@sq/contracts/manifest-url';
import type { RegistryEntry, RouteEntry } from '@sq/contracts/registry';
import { ENTRY_NAME } from '@sq/contracts/remote-entry';
import { REGISTRY_URL, UNDER_CONSTRUCTION_URL } from '../../shared/constants';

const ACCESS = new Set(['public', 'member', 'admin']);
const LAYOUTS = new Set(['default', 'fullpage', 'fluid', 'empty']);
const HEADER_PARTS = new Set(['logo', 'back', 'menu', 'title', 'share']);

function isRoute(value: unknown): value is RouteEntry {
  const r = value as RouteEntry;
  return (
    typeof r === 'object' &&
    r !== null &&
    typeof r.path === 'string' &&
    r.path.startsWith('/') &&
    ACCESS.has(r.access) &&
    LAYOUTS.has(r.layout) &&
    typeof r.title === 'string' &&
    (r.header === undefined || (Array.isArray(r.header) && r.header.every((p) => HEADER_PARTS.has(p)))) &&
    (r.entry === undefined || (typeof r.entry === 'string' && ENTRY_NAME.test(r.entry)))
  );
}

/**
 * Checks one registry entry against contracts/registry.ts by hand: the shell must not ship zod for a
 * handful of fields. A malformed entry is dropped (and logged) so one bad release cannot take the others down.
 * Its manifest must be one of the site's own bundles of that remote and version, or on an asset origin the
 * gateway names: the gateway refuses any other release, and the shell never loads a row that got past it.
 */
export function parseRegistryEntry(value: unknown, assetOrigins: readonly string[] = []): RegistryEntry | null {
  const e = value as RegistryEntry;
  if (
    typeof e !== 'object' ||
    e === null ||
    typeof e.name !== 'string' ||
    !/^[a-z][a-z0-9_]*$/.test(e.name) ||
    typeof e.version !== 'string' ||
    typeof e.manifestUrl !== 'string' ||
    !manifestUrlAllowed(e.manifestUrl, { remote: e.name, version: e.version }, assetOrigins) ||
    !Array.isArray(e.routes) ||
    e.routes.length === 0 ||
    !e.routes.every(isRoute)
  ) {
    return null;
  }
  return { ...e, routes: e.routes.map((r) => ({ ...r, ready: r.ready ?? true })), history: e.history ?? [] };
}

/**
 * GET /remotes.json, never from a cache: a release or rollback must show up on the next page load. The gateway
 * answers with the version of each remote this visitor runs (a canary for the visitor's share, decided there by
 * the visitor's cookie, like the page's server-rendered first content), so the shell loads what it is given.
 */
export async function loadRegistry(): Promise<RegistryEntry[]> {
  const response = await fetch(REGISTRY_URL, { cache: 'no-cache', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${REGISTRY_URL}: HTTP ${response.status}`);
  const body = (await response.json()) as { remotes?: unknown; assetOrigins?: unknown };
  if (!Array.isArray(body.remotes)) throw new Error(`${REGISTRY_URL}: no remotes list`);
  const assetOrigins = Array.isArray(body.assetOrigins)
    ? body.assetOrigins.filter((o): o is string => typeof o === 'string')
    : [];
  const entries: RegistryEntry[] = [];
  for (const raw of body.remotes) {
    const entry = parseRegistryEntry(raw, assetOrigins);
    if (entry) entries.push(entry);
    else console.error('[shell] ignoring a malformed registry entry', raw);
  }
  return entries;
}

/** The static under-construction list (JSON array of path fragments); missing or broken means none. */
export async function loadUnderConstruction(): Promise<string[]> {
  try {
    const response = await fetch(UNDER_CONSTRUCTION_URL, { cache: 'no-cache' });
    if (!response.ok) return [];
    const list: unknown = await response.json();
    return Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string' && v.length > 0) : [];
  } catch {
    return [];
  }
}
