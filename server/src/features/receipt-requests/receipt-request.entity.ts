import { defineEntity, type Opt, p, type Ref } from '@mikro-orm/core';
import { SubDistrict } from '../../kits/core/geography.entity';
import { OrganisationUnit } from '../../kits/core/organisation.entity';

// A receipt request as the visitor sent it (receipt-request.form.ts), with its tracking number, its
// status on the workflow (receipt-request.workflow.ts) and the donation staff linked it to. What the
// visitor wrote is never changed; the history of the workflow says who did what, and the consent given
// with the form is a consent_record (platform/consent) of subject (RECEIPT_REQUEST, id).

export type ReceiptRequestKind = 'GOODS' | 'MONEY';

/** One line of donated goods as the visitor describes it (goods requests). */
export interface ReceiptRequestItem {
  description: string;
  /** Decimal text with up to 3 decimals, above zero. */
  quantity: string;
  /** Counting unit in the visitor's words (ถุง, กล่อง), optional. */
  unit: string | null;
}

export class ReceiptRequest {
  declare id: number;
  /** The tracking number the visitor gets: RR-2569-000001 (gapless per fiscal year). */
  declare number: string;
  declare fiscalYear: number;
  declare kind: ReceiptRequestKind;
  declare status: string;
  /** The unit the visitor gave the donation to: the request's owner (data scope). */
  declare receivingUnit: Ref<OrganisationUnit>;
  /** PERSON or JURISTIC (anonymous donors get no receipt: a receipt names its donor). */
  declare requesterType: string;
  declare requesterName: string;
  declare taxId: string;
  /** Lower-cased; the status page asks for it with the tracking number. */
  declare email: string;
  declare phone: string;
  /** The day the donation was made, yyyy-mm-dd. */
  declare donatedOn: string;
  /** Money requests: baht with 2 decimals. */
  declare amount: string | null;
  /** Goods requests: what was given. */
  declare items: ReceiptRequestItem[] | null;
  /** EMAIL or POST. */
  declare delivery: string;
  declare addressLine: string | null;
  declare subDistrict: Ref<SubDistrict> | null;
  declare note: string | null;
  /** The donation staff linked: GOODS_DONATION or MONEY_DONATION and its id. */
  declare linkedDocumentType: string | null;
  declare linkedDocumentId: number | null;
  /** Its number (numbers never change), for lists and searches. */
  declare linkedNumber: string | null;
  declare createdAt: Date & Opt;
  declare updatedAt: Date & Opt;
  /** The last member of staff who acted on it (null until someone does). */
  declare updatedBy: number | null;
}

export const RECEIPT_REQUEST_LINK_INDEX = 'receipt_request_linked_open_key';

export const ReceiptRequestSchema = defineEntity({
  class: ReceiptRequest,
  tableName: 'receipt_request',
  indexes: [
    {
      // One receipt per donation: a donation may be linked to one request that is not rejected.
      name: RECEIPT_REQUEST_LINK_INDEX,
      expression: `create unique index "${RECEIPT_REQUEST_LINK_INDEX}" on "receipt_request" ("linked_document_type", "linked_document_id") where status <> 'REJECTED'`,
    },
  ],
  checks: [
    { name: 'receipt_request_amount_check', expression: 'amount is null or amount > 0' },
    {
      name: 'receipt_request_kind_check',
      expression: `(kind = 'MONEY' and amount is not null) or (kind = 'GOODS' and items is not null)`,
    },
  ],
  properties: {
    id: p.integer().primary(),
    number: p.string().length(30).unique(),
    fiscalYear: p.smallint(),
    kind: p.string().length(10),
    status: p.string().length(30).index(),
    receivingUnit: () => p.manyToOne(OrganisationUnit).ref().deleteRule('restrict').index(),
    requesterType: p.string().length(10),
    requesterName: p.string().length(255),
    taxId: p.string().length(13).index(),
    email: p.string().length(254),
    phone: p.string().length(100),
    donatedOn: p.date(),
    amount: p.decimal('string').precision(14).scale(2).nullable(),
    items: p.json<ReceiptRequestItem[]>().nullable(),
    delivery: p.string().length(10),
    addressLine: p.string().length(500).nullable(),
    subDistrict: () => p.manyToOne(SubDistrict).ref().nullable().deleteRule('restrict'),
    note: p.string().length(1000).nullable(),
    linkedDocumentType: p.string().length(40).nullable(),
    linkedDocumentId: p.integer().nullable(),
    linkedNumber: p.string().length(30).nullable(),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .index(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
    updatedBy: p.integer().nullable(),
  },
});
