import type { Migration } from '@sq/service-kit';
import * as surveys from './001_surveys';
import * as results from './002_results';
import * as alarms from './003_alarms';
import * as trends from './004_trends';
import * as questionBank from './005_question_bank';
import * as programsSkillChanges from './006_programs_skill_changes';

/** Names are permanent once released; add new files at the end. */
export const migrations: Record<string, Migration> = {
  '001_surveys': surveys,
  '002_results': results,
  '003_alarms': alarms,
  '004_trends': trends,
  '005_question_bank': questionBank,
  '006_programs_skill_changes': programsSkillChanges,
};
