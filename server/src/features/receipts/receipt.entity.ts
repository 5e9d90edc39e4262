import { defineEntity, type Opt, p, type Ref } from '@mikro-orm/core';
import { OrganisationUnit } from '../../kits/core/organisation.entity';
import { User } from '../../kits/core/user.entity';
import type { ReferenceRow } from '../../kits/reference/reference-kit';
import { donator } from '../reference';
import { RECEIPT_KINDS, type ReceiptKind } from './receipt-kinds';

// A donation receipt (docs/receipts.md): a money receipt or a goods donation's evidence of receipt,
// numbered per kind, receiving unit and Buddhist-era fiscal year (`2569/000123`, `G2569/000123`,
// gapless: taken from document_counter in the approving transaction), with what it prints frozen at
// issue: the issuer's name, address, tax id, statement and signer, the donor's name, id and address
// as they were, and for goods the items received. A void receipt keeps its number and prints as
// void; a document has at most one receipt that is not void.

export class DonationReceipt {
  declare id: number;
  /** MONEY (ใบเสร็จรับเงิน) or GOODS (หลักฐานการรับบริจาคสิ่งของ): its own series of numbers. */
  declare kind: ReceiptKind;
  /** The document it was issued for (MONEY_DONATION, GOODS_DONATION), by type and id. */
  declare documentType: string;
  declare documentId: number;
  /** The receiving unit (the donation's owner): its own series of numbers per kind. */
  declare issuerUnit: Ref<OrganisationUnit>;
  declare fiscalYear: number;
  declare seq: number;
  /** `2569/000123` (money), `G2569/000123` (goods): fiscal year (B.E.) and the number in the series. */
  declare number: string;
  /** The day it was issued (Bangkok), 'YYYY-MM-DD'. */
  declare issuedOn: string;
  /** Money: the amount received. Goods: the total value of the items (the sum of their line values). */
  declare amount: string;
  declare donor: Ref<ReferenceRow>;
  declare donorName: string;
  declare donorTaxId: string | null;
  declare donorAddress: string | null;
  declare purpose: string;
  /** How the money came: "เช็ค ธนาคารกรุงไทย เลขที่ 0012345"; null for goods. */
  declare paymentText: string | null;
  declare issuerName: string;
  declare issuerTaxId: string;
  declare issuerAddress: string | null;
  declare receivingUnitName: string;
  declare statement: string;
  declare signerName: string | null;
  declare signerPosition: string | null;
  declare issuedBy: Ref<User>;
  declare issuedAt: Date & Opt;
  declare voidedAt: Date | null;
  declare voidedBy: Ref<User> | null;
  declare voidReason: string | null;
  /** Prints so far: the first is the original, every later one a copy. */
  declare printCount: number & Opt;
}

export const DonationReceiptSchema = defineEntity({
  class: DonationReceipt,
  tableName: 'donation_receipt',
  uniques: [{ name: 'donation_receipt_number_key', properties: ['issuerUnit', 'kind', 'fiscalYear', 'seq'] }],
  indexes: [
    // One receipt in force per document; the void ones stay beside it (goods approved again after a
    // cancelled level-2 approval get a new number).
    {
      name: 'donation_receipt_document_key',
      expression:
        'create unique index "donation_receipt_document_key" on "donation_receipt" ("document_type", "document_id") where voided_at is null',
    },
  ],
  checks: [
    { name: 'donation_receipt_amount_check', expression: 'amount > 0' },
    { name: 'donation_receipt_seq_check', expression: 'seq > 0' },
    { name: 'donation_receipt_print_count_check', expression: 'print_count >= 0' },
  ],
  properties: {
    id: p.integer().primary(),
    kind: p.enum(RECEIPT_KINDS),
    documentType: p.string().length(40),
    documentId: p.integer(),
    issuerUnit: () => p.manyToOne(OrganisationUnit).ref().deleteRule('restrict').index(),
    fiscalYear: p.smallint(),
    seq: p.integer(),
    number: p.string().length(20),
    issuedOn: p.date(),
    amount: p.decimal('string').precision(14).scale(2),
    donor: () => p.manyToOne(donator.entity).ref().deleteRule('restrict').index(),
    donorName: p.string().length(500),
    donorTaxId: p.string().length(13).nullable(),
    donorAddress: p.string().length(1000).nullable(),
    purpose: p.string().length(1000),
    paymentText: p.string().length(500).nullable(),
    issuerName: p.string().length(255),
    issuerTaxId: p.string().length(13),
    issuerAddress: p.string().length(1000).nullable(),
    receivingUnitName: p.string().length(255),
    statement: p.string().length(1000),
    signerName: p.string().length(255).nullable(),
    signerPosition: p.string().length(255).nullable(),
    issuedBy: () => p.manyToOne(User).ref().deleteRule('restrict'),
    issuedAt: p.datetime().onCreate(() => new Date()),
    voidedAt: p.datetime().nullable(),
    voidedBy: () => p.manyToOne(User).ref().nullable().deleteRule('restrict'),
    voidReason: p.string().length(1000).nullable(),
    printCount: p.integer().default(0),
  },
});

/** A goods evidence's item as printed, frozen at issue: what screening accepted and its value. */
export class DonationReceiptItem {
  declare id: number;
  declare receipt: Ref<DonationReceipt>;
  declare lineNo: number;
  declare resourceCode: string;
  declare resourceName: string;
  /** The quantity accepted (received into stock). */
  declare quantity: string;
  declare countingUnitName: string | null;
  declare unitValue: string;
  /** quantity × unit value, rounded to the satang. */
  declare lineValue: string;
}

export const DonationReceiptItemSchema = defineEntity({
  class: DonationReceiptItem,
  tableName: 'donation_receipt_item',
  uniques: [{ name: 'donation_receipt_item_line_key', properties: ['receipt', 'lineNo'] }],
  checks: [
    { name: 'donation_receipt_item_quantity_check', expression: 'quantity > 0' },
    { name: 'donation_receipt_item_unit_value_check', expression: 'unit_value > 0' },
    { name: 'donation_receipt_item_line_value_check', expression: 'line_value >= 0' },
  ],
  properties: {
    id: p.integer().primary(),
    receipt: () => p.manyToOne(DonationReceipt).ref().deleteRule('restrict'),
    lineNo: p.smallint(),
    resourceCode: p.string().length(50),
    resourceName: p.string().length(255),
    quantity: p.decimal('string').precision(14).scale(3),
    countingUnitName: p.string().length(255).nullable(),
    unitValue: p.decimal('string').precision(14).scale(2),
    lineValue: p.decimal('string').precision(14).scale(2),
  },
});
