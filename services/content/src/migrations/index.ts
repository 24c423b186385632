import type { Migration } from '@sq/service-kit';
import * as navigation from './001_navigation';
import * as projects from './002_projects';

/** Names are permanent once released; add new files at the end. */
export const migrations: Record<string, Migration> = {
  '001_navigation': navigation,
  '002_projects': projects,
};
