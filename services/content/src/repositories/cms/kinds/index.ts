import type { ContentBodies, ContentKind } from '@sq/contracts/api/content-admin';
import { banner } from './banner';
import { faqCategory, faqEntry } from './faq';
import { legal } from './legal';
import { menu } from './menu';
import { programIntro } from './program-intro';
import { project } from './project';
import { site } from './site';
import { story } from './story';
import type { KindStore } from './store';

export type { KindStore } from './store';

/** Each kind of content and how it is kept in its published tables (one file a kind beside this one). */
export const KIND_STORES: { [K in ContentKind]: KindStore<ContentBodies[K]> } = {
  story,
  project,
  'program-intro': programIntro,
  'faq-category': faqCategory,
  'faq-entry': faqEntry,
  banner,
  menu,
  legal,
  site,
};

export function storeOf(kind: ContentKind): KindStore<unknown> {
  return KIND_STORES[kind] as KindStore<unknown>;
}
