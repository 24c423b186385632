import semver from 'semver';
import type { SharedDeps } from './registry-store';

/** One shared dependency the live shell provides in a version outside the range a remote was built against. */
export interface Skew {
  dependency: string;
  required: string;
  provided: string;
}

/**
 * The remote's required ranges checked against the shell's provided versions, as Module Federation would at
 * run time (a shared singleton the shell provides is used if it satisfies the remote's range). A dependency the
 * shell does not provide (e.g. @sq/remote-kit, shared only among remotes) cannot skew against it.
 */
export function findSkew(required: SharedDeps, provided: SharedDeps): Skew[] {
  return Object.entries(required).flatMap(([dependency, range]) => {
    const version = provided[dependency];
    if (version === undefined) return [];
    return semver.satisfies(version, range, { includePrerelease: true })
      ? []
      : [{ dependency, required: range, provided: version }];
  });
}

export function describeSkew(skew: Skew[]): string {
  return skew.map((s) => `${s.dependency}: 빌드 ${s.required}, 셸 ${s.provided}`).join('; ');
}
