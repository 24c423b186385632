import type { Migration } from '@sq/service-kit';
import * as navigation from './001_navigation';
import * as projects from './002_projects';
import * as mainPage from './003_main_page';
import * as stories from './004_stories';
import * as faq from './005_faq';
import * as legal from './006_legal';
import * as contentManagement from './010_content_management';
import * as siteSettings from './011_site_settings';
import * as programIntros from './012_program_intros';
import * as faqRefundText from './013_faq_refund_text';

/** Names are permanent once released; add new files at the end. */
export const migrations: Record<string, Migration> = {
  '001_navigation': navigation,
  '002_projects': projects,
  '003_main_page': mainPage,
  '004_stories': stories,
  '005_faq': faq,
  '006_legal': legal,
  '010_content_management': contentManagement,
  '011_site_settings': siteSettings,
  '012_program_intros': programIntros,
  '013_faq_refund_text': faqRefundText,
};
