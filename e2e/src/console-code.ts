/**
 * The operators' console is the programs remote's './admin' entry, loaded only on /admin/* (its routes.json
 * says `"entry": "admin"`). Console code is known two ways, so a file is caught even if the build moves
 * modules around: by the build itself (the files of the './admin' expose in the remote's mf-manifest.json
 * that the public './app' expose does not also use) and by a marker only the console's code carries (its
 * root's test id, in mfe-programs/src/shared/console/ConsoleFrame.tsx).
 */
export const CONSOLE_MARKER = 'admin-console';

interface ManifestExpose {
  name: string;
  assets: { js: { sync: string[]; async: string[] } };
}

export interface ConsoleBuild {
  /** The './admin' expose's own chunk: what every /admin/* page loads first. */
  entryFile: string;
  /** The './app' expose's chunk: what every public page of the remote loads. */
  publicEntryFile: string;
  /** Every file of the console's entry and its pages that no public page shares. */
  files: ReadonlySet<string>;
}

const fileName = (url: string) => url.split('?')[0]!.split('/').pop()!;

/** The console's files in the build the site serves now (through the registry, as the shell finds it). */
export async function readConsoleBuild(baseUrl: string): Promise<ConsoleBuild> {
  const registry = (await (await fetch(`${baseUrl}/remotes.json`)).json()) as {
    remotes: { name: string; manifestUrl: string }[];
  };
  const programs = registry.remotes.find((remote) => remote.name === 'mfe_programs');
  if (!programs) throw new Error('mfe_programs is not in the registry');
  const manifest = (await (await fetch(new URL(programs.manifestUrl, baseUrl))).json()) as {
    exposes: ManifestExpose[];
  };
  const expose = (name: string) => {
    const found = manifest.exposes.find((e) => e.name === name);
    if (!found) throw new Error(`mfe_programs exposes no ./${name}`);
    return found;
  };
  const admin = expose('admin');
  const app = expose('app');
  const entryFile = fileName(admin.assets.js.sync[0]!);
  // The manifest lists the other exposes' chunks among an expose's async files; they are not what it loads.
  const publicFiles = new Set(
    [...app.assets.js.sync, ...app.assets.js.async].map(fileName).filter((f) => f !== entryFile),
  );
  const files = new Set(
    [...admin.assets.js.sync, ...admin.assets.js.async].map(fileName).filter((f) => !publicFiles.has(f)),
  );
  return { entryFile, publicEntryFile: fileName(app.assets.js.sync[0]!), files };
}

/** The files of a page load that are console code, by the build's file list or by the marker. */
export function consoleFilesIn(load: { files: { url: string; console: boolean }[] }, build: ConsoleBuild): string[] {
  return load.files
    .filter((file) => file.console || build.files.has(fileName(file.url)))
    .map((file) => fileName(file.url));
}

/** A loaded file's name (no path, no query), as the bench lists them. */
export const loadedFileName = fileName;
