import type { Knex } from 'knex';
import type { RefundRuleRow } from '../../repositories/product-repository';

/** The columns of a stored refund rule a data migration may change: the stored row, less its identity. */
export type RefundRuleValues = Omit<RefundRuleRow, 'rule_id' | 'product_id' | 'sort_order'>;

/**
 * One rule's change: the rule is found by its product and place in the product's list (`refund_rule`'s unique
 * key); `from` is what it holds before the change (the reference seed's previous values), `to` what it holds after
 * (the seed's new values). Only the columns named are compared and written.
 */
export interface RefundRuleChange {
  productId: number;
  sortOrder: number;
  from: Partial<RefundRuleValues>;
  to: Partial<RefundRuleValues>;
}

const holds = (row: Record<string, unknown>, values: Partial<RefundRuleValues>) =>
  Object.entries(values).every(([column, value]) => row[column] === value);

/**
 * Changes reference refund rules on a database that already has the catalogue (docs/reference-data.md): the
 * reference seed writes rules only into an empty catalogue, so a changed rule reaches running databases through a
 * data migration that calls this, while the seed is changed the same way for new ones.
 *
 * - No such product yet (a new database: migrations run before the seed): nothing to do, the seed writes the rule
 *   as it is now.
 * - The rule already holds `to` (the migration ran, or the catalogue was seeded after the change): nothing to do.
 * - The rule holds `from`: it is changed to `to`.
 * - Anything else (the rule was changed by hand, or is missing): the migration fails with what it found, and the
 *   migration's transaction leaves every rule as it was. Money depends on these rows: a person decides.
 */
export async function changeRefundRules(knex: Knex, changes: readonly RefundRuleChange[]): Promise<void> {
  for (const change of changes) {
    const key = { product_id: change.productId, sort_order: change.sortOrder };
    const product = await knex('product').where({ product_id: change.productId }).first('product_id');
    if (!product) continue;
    const row = (await knex('refund_rule').where(key).first()) as Record<string, unknown> | undefined;
    if (row && holds(row, change.to)) continue;
    if (!row || !holds(row, change.from)) {
      const found = row
        ? JSON.stringify(Object.fromEntries(Object.keys(change.from).map((column) => [column, row[column]])))
        : 'no rule';
      throw new Error(
        `refund rule of product ${change.productId} at ${change.sortOrder} is neither the expected previous value ${JSON.stringify(change.from)} nor the new one (found ${found}); change it by hand or write the migration for what it holds`,
      );
    }
    await knex('refund_rule').where(key).update(change.to);
  }
}
