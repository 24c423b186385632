import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import type { LegalKind } from '@sq/contracts';

export interface StoredLegalDocument {
  kind: LegalKind;
  version: number;
  title: string;
  effectiveDate: string;
  sections: { heading: string; paragraphs: string[]; refundProductId: number | null }[];
  versions: { version: number; effectiveDate: string }[];
}

export function createLegalRepository(knex: Knex) {
  // Published and in effect (Korean calendar day): a version announced ahead of time waits for its day.
  const inEffect = (kind: LegalKind, alsoDocumentId?: number) =>
    knex('legal_document')
      .where({ kind, published: true })
      .andWhere((q) => {
        q.whereRaw(`effective_date <= (now() at time zone 'Asia/Seoul')::date`);
        if (alsoDocumentId !== undefined) q.orWhere({ document_id: alsoDocumentId });
      });
  return {
    /** The current version, or the given one; null when there is none in effect. `alsoDocumentId`: shown even before its date (a preview). */
    async document(kind: LegalKind, version?: number, alsoDocumentId?: number): Promise<StoredLegalDocument | null> {
      const versions = await inEffect(kind, alsoDocumentId).orderBy([
        { column: 'effective_date', order: 'desc' },
        { column: 'version', order: 'desc' },
      ]);
      const row = version === undefined ? versions[0] : versions.find((v) => v.version === version);
      if (!row) return null;
      const sections = await knex('legal_section').where({ document_id: row.document_id }).orderBy('sort_order');
      return {
        kind,
        version: row.version,
        title: row.title,
        effectiveDate: row.effective_date,
        sections: sections.map((s) => ({
          heading: s.heading,
          paragraphs: s.paragraphs,
          refundProductId: s.refund_product_id,
        })),
        versions: versions.map((v) => ({ version: v.version, effectiveDate: v.effective_date })),
      };
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    legalRepository: ReturnType<typeof createLegalRepository>;
  }
}

export default fp(
  async (app) => {
    app.decorate('legalRepository', createLegalRepository(app.knex));
  },
  { name: 'legal-repository', dependencies: ['knex'] },
);
