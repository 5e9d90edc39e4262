import type { KeptByDatabase } from '../../kits/documents/document-database';

// The value of a goods donation, kept by PostgreSQL in `doc_goods_donation.goods_value`
// (docs/donations.md "The value of a goods donation"): Σ over its lines of quantity × unit value,
// the accepted quantity once screened (SCREENED, APPROVED_1, APPROVED_2), the quantity donated before
// and when cancelled, rounded to 2 decimals per donation. Triggers on the lines (after each statement)
// and on the header's status (before the row changes) recompute it in the same transaction, whatever
// path writes them; their functions are created by Migration20261129083000_goods_donation_value.
// Nothing in the server writes the column.

const linesFn = 'execute function "doc_goods_donation_line_goods_value_fn"()';

export const goodsValueKept: KeptByDatabase = {
  // Up to 10^22 baht: lines of the largest quantity at the largest unit value do not overflow it.
  columns: { goodsValue: { type: 'decimal', precision: 24, scale: 2, default: 0 } },
  triggers: [
    {
      name: 'goods_value',
      timing: 'before',
      events: ['update'],
      expression: `create trigger "goods_value" before update of "status" on "doc_goods_donation" for each row when (old.status is distinct from new.status) execute function "doc_goods_donation_goods_value_fn"();`,
    },
  ],
  lineTriggers: [
    {
      name: 'goods_value_insert',
      timing: 'after',
      events: ['insert'],
      forEach: 'statement',
      expression: `create trigger "goods_value_insert" after insert on "doc_goods_donation_line" referencing new table as new_lines for each statement ${linesFn};`,
    },
    {
      name: 'goods_value_update',
      timing: 'after',
      events: ['update'],
      forEach: 'statement',
      expression: `create trigger "goods_value_update" after update on "doc_goods_donation_line" referencing old table as old_lines new table as new_lines for each statement ${linesFn};`,
    },
    {
      name: 'goods_value_delete',
      timing: 'after',
      events: ['delete'],
      forEach: 'statement',
      expression: `create trigger "goods_value_delete" after delete on "doc_goods_donation_line" referencing old table as old_lines for each statement ${linesFn};`,
    },
  ],
};
