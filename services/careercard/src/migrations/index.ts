import type { Migration } from '@sq/service-kit';
import * as codes from './001_codes';
import * as profiles from './002_profiles';
import * as profileCreation from './003_profile_creation';
import * as uploads from './004_uploads';
import * as cardEditing from './005_card_editing';
import * as skillVisibility from './006_skill_visibility';
import * as profileUserName from './007_profile_user_name';

/** Names are permanent once released; add new files at the end. */
export const migrations: Record<string, Migration> = {
  '001_codes': codes,
  '002_profiles': profiles,
  '003_profile_creation': profileCreation,
  '004_uploads': uploads,
  '005_card_editing': cardEditing,
  '006_skill_visibility': skillVisibility,
  '007_profile_user_name': profileUserName,
};
