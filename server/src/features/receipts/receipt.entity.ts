import { defineEntity, type Opt, p, type Ref } from '@mikro-orm/core';
import { OrganisationUnit } from '../organisation/organisation.entity';
import type { ReferenceRow } from '../reference/reference-kit';
import { donator } from '../reference/types/donator.reference';
import { User } from '../users/user.entity';

// A donation receipt (docs/receipts.md): numbered per receiving unit and Buddhist-era fiscal year
// (`2569/000123`, gapless: taken from document_counter in the approving transaction), with what it
// prints frozen at issue: the issuer's name, address, tax id, statement and signer, and the donor's
// name, id and address as they were. A void receipt keeps its number and prints as void.

export class DonationReceipt {
  declare id: number;
  /** The document it was issued for (MONEY_DONATION), by type and id. */
  declare documentType: string;
  declare documentId: number;
  /** The receiving unit (the donation's owner): its own series of numbers. */
  declare issuerUnit: Ref<OrganisationUnit>;
  declare fiscalYear: number;
  declare seq: number;
  /** `2569/000123`: fiscal year (B.E.) and the number within the unit's series. */
  declare number: string;
  /** The day it was issued (Bangkok), 'YYYY-MM-DD'. */
  declare issuedOn: string;
  declare amount: string;
  declare donor: Ref<ReferenceRow>;
  declare donorName: string;
  declare donorTaxId: string | null;
  declare donorAddress: string | null;
  declare purpose: string;
  /** How the money came: "เช็ค ธนาคารกรุงไทย เลขที่ 0012345". */
  declare paymentText: string;
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
  uniques: [
    { name: 'donation_receipt_number_key', properties: ['issuerUnit', 'fiscalYear', 'seq'] },
    { name: 'donation_receipt_document_key', properties: ['documentType', 'documentId'] },
  ],
  checks: [
    { name: 'donation_receipt_amount_check', expression: 'amount > 0' },
    { name: 'donation_receipt_seq_check', expression: 'seq > 0' },
    { name: 'donation_receipt_print_count_check', expression: 'print_count >= 0' },
  ],
  properties: {
    id: p.integer().primary(),
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
    paymentText: p.string().length(500),
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
