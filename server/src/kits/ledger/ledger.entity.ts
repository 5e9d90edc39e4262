import { defineEntity, type Opt, p, type Ref } from '@mikro-orm/core';
import { appendOnlyTriggers } from '../../platform/db/append-only';
import { User } from '../core/user.entity';
import type { ReferenceRow } from '../reference/reference-kit';
import { ledgerTarget } from './ledger-targets';

// The two ledgers of product-decisions sec. 5 (docs/ledger.md). Balances change only through
// LedgerService's guarded statements; movements are append-only, which the database enforces with
// the triggers below (and a TRUNCATE trigger the migration adds by hand: the schema diff cannot
// see TRUNCATE triggers). Each balance column is the sum of one movement column.

/** What moved stock. `quantity` changes on_hand, `reservedDelta` reserved, `transitDelta` in_transit. */
export const stockMovementTypes = [
  'RECEIVE',
  'ISSUE',
  'RESERVE',
  'RELEASE',
  'ISSUE_RESERVED',
  'TRANSFER_OUT',
  'TRANSFER_IN_TRANSIT',
  'TRANSFER_RECEIVE',
  'TRANSFER_MISSING',
  'ADJUST_IN',
  'ADJUST_OUT',
] as const;
export type StockMovementType = (typeof stockMovementTypes)[number];

/**
 * What moved money; `amount` is the signed change of the account's balance, `reservedDelta` of its
 * reserved part (an approved money disbursement holds its amount until it is paid out).
 */
export const moneyMovementTypes = [
  'DONATION_IN',
  'INITIAL',
  'RESERVE',
  'RELEASE',
  'DISBURSEMENT_OUT',
  'ADJUST_IN',
  'ADJUST_OUT',
] as const;
export type MoneyMovementType = (typeof moneyMovementTypes)[number];

const now = () => new Date();

export class StockBalance {
  declare id: number;
  declare storage: Ref<ReferenceRow>;
  declare resource: Ref<ReferenceRow>;
  /** The lot number as given on receipt; '' when the goods came without one. */
  declare lot: string & Opt;
  /** With the lot number it names the lot: goods without a lot number but with different expiry dates stay apart. */
  declare expiryDate: string | null;
  declare onHand: string & Opt;
  declare reserved: string & Opt;
  /** Stock a transfer sent towards this storage and that it has not received yet. */
  declare inTransit: string & Opt;
  /** Weighted average of the unit values of this lot's receipts. */
  declare unitValue: string & Opt;
  declare updatedAt: Date & Opt;
}

export const StockBalanceSchema = defineEntity({
  class: StockBalance,
  tableName: 'stock_balance',
  indexes: [
    {
      // One row per (storage, resource, lot number, expiry); no expiry counts as one value.
      name: 'stock_balance_lot_key',
      expression:
        'create unique index "stock_balance_lot_key" on "stock_balance" ("storage_id", "resource_id", "lot", coalesce("expiry_date", \'infinity\'::date))',
    },
    { name: 'stock_balance_resource_storage_index', properties: ['resource', 'storage'] },
  ],
  checks: [
    { name: 'stock_balance_on_hand_check', expression: 'on_hand >= 0' },
    { name: 'stock_balance_reserved_check', expression: 'reserved >= 0 and reserved <= on_hand' },
    { name: 'stock_balance_in_transit_check', expression: 'in_transit >= 0' },
    { name: 'stock_balance_unit_value_check', expression: 'unit_value >= 0' },
  ],
  properties: {
    id: p.integer().primary(),
    storage: () => p.manyToOne(ledgerTarget('storage')).ref().deleteRule('restrict'),
    resource: () => p.manyToOne(ledgerTarget('resource')).ref().deleteRule('restrict'),
    lot: p.string().length(50).default(''),
    expiryDate: p.date().nullable(),
    onHand: p.decimal('string').precision(14).scale(3).default(0),
    reserved: p.decimal('string').precision(14).scale(3).default(0),
    inTransit: p.decimal('string').precision(14).scale(3).default(0),
    unitValue: p.decimal('string').precision(18).scale(6).default(0),
    updatedAt: p.datetime().onCreate(now).onUpdate(now),
  },
});

/** Who and what posted a movement: the document (and line) whose action caused it. */
interface MovementSource {
  documentType: string;
  documentId: number;
  documentLineId: number | null;
  createdBy: Ref<User>;
  createdAt: Date & Opt;
}

export class StockMovement implements MovementSource {
  declare id: string;
  declare balance: Ref<StockBalance>;
  declare storage: Ref<ReferenceRow>;
  declare resource: Ref<ReferenceRow>;
  declare lot: string;
  declare expiryDate: string | null;
  declare movementType: StockMovementType;
  declare quantity: string;
  declare reservedDelta: string;
  declare transitDelta: string;
  declare unitValue: string;
  declare reason: Ref<ReferenceRow> | null;
  /** The movement this one reverses (a movement is reversed at most once). */
  declare reversalOf: Ref<StockMovement> | null;
  declare documentType: string;
  declare documentId: number;
  declare documentLineId: number | null;
  declare createdBy: Ref<User>;
  declare createdAt: Date & Opt;
}

export const StockMovementSchema = defineEntity({
  class: StockMovement,
  tableName: 'stock_movement',
  indexes: [
    { name: 'stock_movement_card_index', properties: ['storage', 'resource', 'createdAt'] },
    { name: 'stock_movement_document_index', properties: ['documentType', 'documentId'] },
    { name: 'stock_movement_balance_index', properties: ['balance'] },
  ],
  checks: [
    {
      name: 'stock_movement_not_empty_check',
      expression: 'quantity <> 0 or reserved_delta <> 0 or transit_delta <> 0',
    },
  ],
  triggers: appendOnlyTriggers('stock_movement'),
  properties: {
    id: p.bigint('string').primary(),
    balance: () => p.manyToOne(StockBalance).ref().deleteRule('restrict'),
    storage: () => p.manyToOne(ledgerTarget('storage')).ref().deleteRule('restrict'),
    resource: () => p.manyToOne(ledgerTarget('resource')).ref().deleteRule('restrict'),
    lot: p.string().length(50),
    expiryDate: p.date().nullable(),
    movementType: p.enum(stockMovementTypes),
    quantity: p.decimal('string').precision(14).scale(3),
    reservedDelta: p.decimal('string').precision(14).scale(3),
    transitDelta: p.decimal('string').precision(14).scale(3),
    unitValue: p.decimal('string').precision(18).scale(6),
    reason: () => p.manyToOne(ledgerTarget('missingExcessReason')).ref().nullable().deleteRule('restrict'),
    reversalOf: () => p.manyToOne(StockMovement).ref().nullable().deleteRule('restrict').unique(),
    documentType: p.string().length(40),
    documentId: p.integer(),
    documentLineId: p.integer().nullable(),
    createdBy: () => p.manyToOne(User).ref().deleteRule('restrict'),
    createdAt: p.datetime().onCreate(now),
  },
});

export class MoneyBalance {
  declare id: number;
  declare account: Ref<ReferenceRow>;
  declare balance: string & Opt;
  /** Held by approved money disbursements not paid out yet; available = balance − reserved. */
  declare reserved: string & Opt;
  declare updatedAt: Date & Opt;
}

export const MoneyBalanceSchema = defineEntity({
  class: MoneyBalance,
  tableName: 'money_balance',
  checks: [
    { name: 'money_balance_balance_check', expression: 'balance >= 0' },
    { name: 'money_balance_reserved_check', expression: 'reserved >= 0 and reserved <= balance' },
  ],
  properties: {
    id: p.integer().primary(),
    account: () => p.oneToOne(ledgerTarget('moneyAccount')).ref().owner().deleteRule('restrict'),
    balance: p.decimal('string').precision(16).scale(2).default(0),
    reserved: p.decimal('string').precision(16).scale(2).default(0),
    updatedAt: p.datetime().onCreate(now).onUpdate(now),
  },
});

export class MoneyMovement implements MovementSource {
  declare id: string;
  declare balance: Ref<MoneyBalance>;
  declare account: Ref<ReferenceRow>;
  declare movementType: MoneyMovementType;
  declare amount: string;
  declare reservedDelta: string & Opt;
  declare reversalOf: Ref<MoneyMovement> | null;
  declare documentType: string;
  declare documentId: number;
  declare documentLineId: number | null;
  declare createdBy: Ref<User>;
  declare createdAt: Date & Opt;
}

export const MoneyMovementSchema = defineEntity({
  class: MoneyMovement,
  tableName: 'money_movement',
  indexes: [
    { name: 'money_movement_card_index', properties: ['account', 'createdAt'] },
    { name: 'money_movement_document_index', properties: ['documentType', 'documentId'] },
    { name: 'money_movement_balance_index', properties: ['balance'] },
  ],
  checks: [{ name: 'money_movement_not_empty_check', expression: 'amount <> 0 or reserved_delta <> 0' }],
  triggers: appendOnlyTriggers('money_movement'),
  properties: {
    id: p.bigint('string').primary(),
    balance: () => p.manyToOne(MoneyBalance).ref().deleteRule('restrict'),
    account: () => p.manyToOne(ledgerTarget('moneyAccount')).ref().deleteRule('restrict'),
    movementType: p.enum(moneyMovementTypes),
    amount: p.decimal('string').precision(16).scale(2),
    reservedDelta: p.decimal('string').precision(16).scale(2).default(0),
    reversalOf: () => p.manyToOne(MoneyMovement).ref().nullable().deleteRule('restrict').unique(),
    documentType: p.string().length(40),
    documentId: p.integer(),
    documentLineId: p.integer().nullable(),
    createdBy: () => p.manyToOne(User).ref().deleteRule('restrict'),
    createdAt: p.datetime().onCreate(now),
  },
});
