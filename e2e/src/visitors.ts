import type { BrowserContext } from 'playwright-core';
import { VISITOR_COOKIE, type RegistryEntry } from '@sq/contracts/registry';

/**
 * Visitors as the gateway tells them apart: an anonymous id in its visitor cookie, which decides the version
 * of each remote they run (a canary for its share). A test picks a visitor of a version by asking as new
 * visitors, then acts as that visitor with the id.
 */

/** A remote's entry in `/remotes.json` as the visitor with this id (none: a new visitor) is answered, and the id. */
export async function registryAs(
  baseUrl: string,
  remote: string,
  id?: string,
): Promise<{ id: string; entry: RegistryEntry }> {
  const response = await fetch(`${baseUrl}/remotes.json`, { headers: id ? { cookie: `${VISITOR_COOKIE}=${id}` } : {} });
  const given = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${VISITOR_COOKIE}=`));
  const visitor = id ?? given?.slice(VISITOR_COOKIE.length + 1).split(';')[0];
  if (!visitor) throw new Error('the gateway gave a new visitor no id');
  const entry = ((await response.json()) as { remotes: RegistryEntry[] }).remotes.find((e) => e.name === remote);
  if (!entry) throw new Error(`${remote} is not in /remotes.json`);
  return { id: visitor, entry };
}

/** The id of a new visitor who runs `version` of `remote`; throws after `tries` new visitors without one. */
export async function visitorOf(baseUrl: string, remote: string, version: string, tries = 40): Promise<string> {
  for (let n = 0; n < tries; n += 1) {
    const { id, entry } = await registryAs(baseUrl, remote);
    if (entry.version === version) return id;
  }
  throw new Error(`no new visitor of ${remote} got ${version} in ${tries} tries`);
}

/** Makes a browser profile the visitor with this id (as if it had been given the id on an earlier visit). */
export async function actAs(context: BrowserContext, baseUrl: string, id: string): Promise<void> {
  await context.addCookies([{ name: VISITOR_COOKIE, value: id, url: baseUrl, httpOnly: true, sameSite: 'Lax' }]);
}

/** The id the gateway gave a browser profile, or null. */
export async function visitorIdIn(context: BrowserContext, baseUrl: string): Promise<string | null> {
  return (await context.cookies(baseUrl)).find((cookie) => cookie.name === VISITOR_COOKIE)?.value ?? null;
}
