import type { Knex } from 'knex';
import type { ProgramIntro } from '@sq/contracts';
import type { Row } from '@sq/service-kit';

/** A program by its number (`/product/{id}`) or its slug (`/bside`), as the pages name it. */
export type ProgramKey = { productId: number } | { slug: string };

/** Published program intros (what visitors read); the console edits them through cms/kinds.ts. */
export function createProgramIntroRepository(knex: Knex) {
  return {
    async published(key: ProgramKey): Promise<ProgramIntro | null> {
      const row: Row | undefined = await knex('program_intro')
        .where({ published: true })
        .where('productId' in key ? { product_id: key.productId } : { product_slug: key.slug })
        .first();
      if (!row) return null;
      const sections: Row[] = await knex('program_intro_section')
        .where({ intro_id: row.intro_id })
        .orderBy('sort_order');
      return {
        productId: row.product_id,
        productSlug: row.product_slug,
        productName: row.product_name,
        summary: row.summary,
        hero: row.hero,
        sections: sections.map((s) => ({ heading: s.heading, paragraphs: s.paragraphs })),
        images: row.images,
      };
    },

    /** The published leads by program, for the home page's program cards. */
    async summaries(): Promise<Map<number, string>> {
      const rows: Row[] = await knex('program_intro').where({ published: true }).select('product_id', 'summary');
      return new Map(rows.map((r) => [r.product_id as number, r.summary as string]));
    },
  };
}
