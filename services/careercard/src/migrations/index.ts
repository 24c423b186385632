import type { Migration } from '@sq/service-kit';
import * as codes from './001_codes';
import * as profiles from './002_profiles';

/** Names are permanent once released; add new files at the end. */
export const migrations: Record<string, Migration> = {
  '001_codes': codes,
  '002_profiles': profiles,
};
