import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { fiscalYearEnd } from '@namjai/common/calendar';
import type { MenuCode } from '@namjai/common/menu-catalogue';
import {
  cancelAction,
  type DocumentField,
  defineDocumentType,
  type EffectContext,
  type ValidateContext,
} from '../../kits/documents/document-kit';
import { validationError } from '../../kits/reference/reference-check';
import { type FieldError, field } from '../../kits/reference/reference-kit';
import { idOf } from '../../kits/reference/reference-view';
import { scopePathSql } from '../../platform/auth/data-scope';
import { FIRST_LIST_YEAR_BE, LAST_YEAR_INPUT_BE, yearListRangeBE } from '../../platform/dates';
import { AppError } from '../../platform/errors';
import { approvedDonationsSql } from '../donation-history/donation-values';
import { goodsDonation } from '../donations/goods-donation.document';
import { moneyDonation } from '../money-donations/money-donation.document';
import { donator } from '../reference/types/donator.reference';
import { governmentInfo } from '../reference/types/government-info.reference';
import { classFor, decorationClasses, decorationClassOptions } from './decoration-classes';

// Royal decoration proposals (Order of Direkgunabhorn, MN-107..MN-110; product-decisions sec. 7,
// docs/royal-decoration.md): a unit proposes a donor for a fiscal year (Buddhist era) on the strength
// of the donations it counts, each an approved money donation or a goods donation approved at level
// 2 of that donor, in the caller's data scope, dated up to the end of that fiscal year. The total value
// and the requested class (the highest class whose configurable value the total reaches) are worked
// out by the server at each save and again when the proposal is sent (PROPOSE). DRAFT > PROPOSED >
// AWARDED (certificate number and date) or NOT_AWARDED (reason); CANCELLED from DRAFT, PROPOSED or
// NOT_AWARDED.
//
// A donation counts for one proposal only: a line holds its donation while `counted` is true (set
// when saved, cleared when the proposal is cancelled), and two partial unique indexes over the lines
// (money donation, goods donation; where counted) refuse a second live count, also when two
// proposals are saved at once (the second waits for the first's commit, then gets 409
// DONATION_COUNTED).

const ADD: MenuCode[] = ['MN-107'];
const EDIT: MenuCode[] = ['MN-108'];
const CANCEL: MenuCode[] = ['MN-109'];
const VIEW: MenuCode[] = ['MN-110'];

/** The unique indexes that hold a donation to one live proposal (migration). */
export const COUNTED_INDEXES = [
  'doc_royal_decoration_line_money_counted_key',
  'doc_royal_decoration_line_goods_counted_key',
];

const err = (f: string, messageTh: string, messageEn: string): FieldError => ({
  field: f,
  messageTh,
  messageEn,
});

const has = (v: unknown) => v !== null && v !== undefined && v !== '';

/** The last day of a Buddhist-era fiscal year (30 September), yyyy-mm-dd. */
export { fiscalYearEnd };

const refused = (messageTh: string, messageEn: string) =>
  new AppError('DONATION_COUNTED', 409, messageTh, messageEn);

const countedRefusal = () =>
  refused(
    'เงินหรือสิ่งของบริจาคบางรายการถูกนับในรายการเสนอขอพระราชทานเครื่องราชอิสริยาภรณ์อื่นแล้ว (อาจมีผู้บันทึกพร้อมกัน) รายการบริจาคหนึ่งนับได้ในรายการเสนอเดียว กรุณาโหลดใหม่แล้วตรวจสอบ',
    'Some of the donations are already counted in another royal decoration proposal (perhaps saved at the same moment); a donation counts for one proposal only. Reload and check',
  );

const donationField = (
  name: string,
  label: { th: string; en: string },
  target: () => unknown,
  type: string,
) =>
  ({
    ...field.integer(name, label, { min: 1, max: 2_147_483_647, list: true }),
    documentRef: target,
    refChoices: {
      type,
      status: type === 'MONEY_DONATION' ? 'APPROVED' : 'APPROVED_2',
      query: 'royalDecorationDonationChoices',
    },
  }) as DocumentField;

interface NamedDonation {
  document_type: string;
  id: number;
  number: string;
  donated_on: string;
  donor_id: number;
  donor_name_th: string;
  donor_name_en: string | null;
  value: string;
  in_scope: boolean;
  counted_in: string | null;
}

/** The line's donation as (type, id); null when it names none. */
const donationOf = (line: Record<string, unknown>): [string, number] | null =>
  has(line.moneyDonation)
    ? ['MONEY_DONATION', Number(line.moneyDonation)]
    : has(line.goodsDonation)
      ? ['GOODS_DONATION', Number(line.goodsDonation)]
      : null;

/**
 * Approved donations (`which`: a condition on `a`, the approved donations) with their value, donor,
 * whether they are in the caller's data scope (`scope`, on `o.path`), and the number of another live
 * proposal counting them (not `self`): '' when that proposal is outside `proposalScope` (on
 * `po.path`), whose number the caller may not read.
 */
async function donationRows(
  tx: EntityManager,
  scope: { sql: string; params: unknown[] },
  which: { sql: string; params: unknown[] },
  self: number,
  proposalScope: { sql: string; params: unknown[] } = { sql: 'true', params: [] },
  tail = '',
): Promise<NamedDonation[]> {
  return tx.getConnection().execute<NamedDonation[]>(
    `select a.document_type, a.id, a.number, a.donated_on::text as donated_on, a.donor_id,
            d.name_th as donor_name_th, d.name_en as donor_name_en, a.value::text as value,
            (${scope.sql}) as in_scope,
            (select case when (${proposalScope.sql}) then p.number else '' end
               from doc_royal_decoration_line l join doc_royal_decoration p on p.id = l.document_id
               join organisation_unit po on po.id = p.owner_unit_id
              where l.counted and p.id <> ?
                and (case a.document_type when 'MONEY_DONATION' then l.money_donation else l.goods_donation end) = a.id
              limit 1) as counted_in
       from ${approvedDonationsSql} a join organisation_unit o on o.id = a.unit_id
       join ref_donator d on d.id = a.donor_id
      where ${which.sql} ${tail}`,
    [...scope.params, ...proposalScope.params, self, ...which.params],
    'all',
    tx.getTransactionContext(),
  );
}

/** The approved donations the lines name (`pairs`), by `type:id`. */
async function namedDonations(
  tx: EntityManager,
  scope: { sql: string; params: unknown[] },
  pairs: [string, number][],
  self: number,
  proposalScope?: { sql: string; params: unknown[] },
): Promise<Map<string, NamedDonation>> {
  if (!pairs.length) return new Map();
  const rows = await donationRows(
    tx,
    scope,
    {
      sql: `(a.document_type, a.id) in (${pairs.map(() => '(?, ?::int)').join(', ')})`,
      params: pairs.flat(),
    },
    self,
    proposalScope,
  );
  return new Map(rows.map((r) => [`${r.document_type}:${r.id}`, r]));
}

/**
 * Why a proposal of `donor` for fiscal year `year` may not count this donation; null when it may.
 * The one rule of a line: the save (`checkProposal`) refuses by it, and the pick list
 * (`donationChoices`) offers only the donations it lets through.
 */
function donationRefusal(
  row: NamedDonation | undefined,
  donor: number | null,
  year: number,
): { th: string; en: string } | null {
  if (!row?.in_scope)
    return { th: 'ไม่พบรายการบริจาคที่อนุมัติแล้วนี้ในหน่วยงานของท่าน', en: 'No such approved donation in your units' };
  if (row.donor_id !== donor)
    return {
      th: `รายการบริจาค ${row.number} เป็นของผู้บริจาครายอื่น`,
      en: `Donation ${row.number} was made by another donor`,
    };
  if (row.donated_on > fiscalYearEnd(year))
    return {
      th: `รายการบริจาค ${row.number} อยู่หลังปีงบประมาณ ${year}`,
      en: `Donation ${row.number} is dated after fiscal year ${year}`,
    };
  if (row.counted_in)
    return {
      th: `รายการบริจาค ${row.number} ถูกนับในรายการเสนอ ${row.counted_in} แล้ว รายการบริจาคหนึ่งนับได้ในรายการเสนอเดียว`,
      en: `Donation ${row.number} is already counted in proposal ${row.counted_in}; a donation counts for one proposal only`,
    };
  if (row.counted_in === '')
    return {
      th: `รายการบริจาค ${row.number} ถูกนับในรายการเสนอของหน่วยงานอื่นแล้ว รายการบริจาคหนึ่งนับได้ในรายการเสนอเดียว`,
      en: `Donation ${row.number} is already counted in another unit's proposal; a donation counts for one proposal only`,
    };
  return null;
}

/** A donation a proposal's line may name (royalDecorationDonationChoices). */
export interface DonationChoice {
  documentType: string;
  id: number;
  number: string;
  donatedOn: string;
  donorId: number;
  donorNameTh: string;
  donorNameEn: string | null;
  value: string;
}

/** The most choices one answer gives (newest first); a donor with more is rare. */
export const DONATION_CHOICES_MAX = 200;

/**
 * The pick list of a proposal's `documentType` line field (MONEY_DONATION or GOODS_DONATION): the
 * approved donations of `donor` that a proposal of it for `proposalYear` may count, by the save's
 * own rule (`donationRefusal`): in the caller's data scope, dated by the end of the fiscal year, not
 * counted in another live proposal (`proposal`, the one being edited, counts its own). Newest first.
 */
export async function donationChoices(
  tx: EntityManager,
  principal: ValidateContext['principal'],
  input: { donor: number; proposalYear: number; documentType: string; proposal: number | null },
): Promise<DonationChoice[]> {
  const scope = scopePathSql(principal, 'o.path');
  const proposalScope = scopePathSql(principal, 'po.path');
  // The proposal being edited keeps its own donations, if the caller may read it (another unit's
  // proposal named here would otherwise tell which donations it counts).
  let self = 0;
  if (input.proposal !== null) {
    const [own] = await tx.getConnection().execute<{ id: number }[]>(
      `select p.id from doc_royal_decoration p join organisation_unit po on po.id = p.owner_unit_id
        where p.id = ? and (${proposalScope.sql})`,
      [input.proposal, ...proposalScope.params],
      'all',
      tx.getTransactionContext(),
    );
    self = own?.id ?? 0;
  }
  const rows = await donationRows(
    tx,
    scope,
    {
      // Narrowed in SQL by what the rule needs; the rule then decides, as it does for a save.
      sql: `a.document_type = ? and a.donor_id = ? and a.donated_on <= ?::date and (${scope.sql})`,
      params: [input.documentType, input.donor, fiscalYearEnd(input.proposalYear), ...scope.params],
    },
    self,
    proposalScope,
    `order by a.donated_on desc, a.number desc limit ${DONATION_CHOICES_MAX}`,
  );
  return rows
    .filter((r) => donationRefusal(r, input.donor, input.proposalYear) === null)
    .map((r) => ({
      documentType: r.document_type,
      id: r.id,
      number: r.number,
      donatedOn: r.donated_on,
      donorId: r.donor_id,
      donorNameTh: r.donor_name_th,
      donorNameEn: r.donor_name_en,
      value: r.value,
    }));
}

/**
 * Each line names one donation (money or goods), once in the proposal, approved, of the proposal's
 * donor, in the caller's data scope (else it reads as not found), dated by the end of the fiscal year,
 * and not counted in another live proposal. The fiscal year is one of the year list's (2555 to the
 * current one, platform/dates.ts).
 */
export async function checkProposal(ctx: ValidateContext): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const year = Number(ctx.header.proposalYear);
  const years = yearListRangeBE();
  if (Number.isInteger(year) && (year < years.first || year > years.last))
    errors.push(
      err(
        'proposalYear',
        `ปีงบประมาณที่เสนอต้องเป็นปี พ.ศ. ตั้งแต่ ${years.first} ถึง ${years.last}`,
        `The fiscal year proposed for must be a Buddhist-era year from ${years.first} to ${years.last}`,
      ),
    );
  const pairs: [string, number][] = [];
  const seen = new Set<string>();
  ctx.lines.forEach((line, i) => {
    const at = `lines.${i}.`;
    if (has(line.moneyDonation) && has(line.goodsDonation)) {
      errors.push(
        err(
          `${at}goodsDonation`,
          'หนึ่งบรรทัดระบุได้ทั้งเงินบริจาคหรือสิ่งของบริจาคอย่างใดอย่างหนึ่ง',
          'A line names either a money donation or a goods donation, not both',
        ),
      );
      return;
    }
    const donation = donationOf(line);
    if (!donation) {
      errors.push(
        err(
          `${at}moneyDonation`,
          'กรุณาเลือกรายการเงินบริจาคหรือสิ่งของบริจาค',
          'Choose a money donation or a goods donation',
        ),
      );
      return;
    }
    const key = donation.join(':');
    if (seen.has(key))
      errors.push(
        err(
          `${at}${donation[0] === 'MONEY_DONATION' ? 'moneyDonation' : 'goodsDonation'}`,
          'รายการบริจาคนี้อยู่ในรายการเสนอนี้แล้ว',
          'This donation is already on this proposal',
        ),
      );
    seen.add(key);
    pairs.push(donation);
  });
  const found = await namedDonations(
    ctx.tx,
    scopePathSql(ctx.principal, 'o.path'),
    pairs,
    ctx.documentId ?? 0,
    scopePathSql(ctx.principal, 'po.path'),
  );
  ctx.lines.forEach((line, i) => {
    const donation = donationOf(line);
    if (!donation || (has(line.moneyDonation) && has(line.goodsDonation))) return;
    const at = `lines.${i}.${donation[0] === 'MONEY_DONATION' ? 'moneyDonation' : 'goodsDonation'}`;
    const refusal = donationRefusal(found.get(donation.join(':')), idOf(ctx.header.donor), year);
    if (refusal) errors.push(err(at, refusal.th, refusal.en));
  });
  return errors;
}

/**
 * Values the lines from their donations, counts them (the unique indexes refuse a donation another
 * live proposal counts: 409 DONATION_COUNTED) and sets the total and the requested class from the
 * classes' current values. `strict` (PROPOSE): every line's donation must still be approved and the
 * total must reach the lowest class.
 */
async function valueAndCount(ctx: EffectContext, strict: boolean): Promise<void> {
  const pairs = ctx.lines.map(donationOf).filter((d): d is [string, number] => d !== null);
  const found = await namedDonations(ctx.tx, { sql: 'true', params: [] }, pairs, ctx.document.id);
  const errors: FieldError[] = [];
  let total = 0;
  for (const line of ctx.lines) {
    const donation = donationOf(line);
    const row = donation && found.get(donation.join(':'));
    if (!row) {
      // An approved donation cancelled since it was counted.
      if (strict)
        errors.push(
          err(
            `lines.${line.lineNo - 1}.${donation?.[0] === 'GOODS_DONATION' ? 'goodsDonation' : 'moneyDonation'}`,
            'รายการบริจาคนี้ไม่อยู่ในสถานะอนุมัติแล้ว กรุณานำออกจากรายการเสนอ',
            'This donation is no longer approved; take it off the proposal',
          ),
        );
      Object.assign(line, { value: null, donatedOn: null, counted: true });
      continue;
    }
    total += Math.round(Number(row.value) * 100);
    Object.assign(line, { value: row.value, donatedOn: row.donated_on, counted: true });
  }
  const classes = await decorationClasses(ctx.tx);
  const chosen = classFor(classes, total / 100);
  ctx.document.totalValue = (total / 100).toFixed(2);
  ctx.document.requestedClass = chosen?.code ?? null;
  if (strict && !errors.length && !ctx.lines.length)
    errors.push(err('lines', 'กรุณาเพิ่มรายการบริจาคที่นับอย่างน้อยหนึ่งรายการ', 'Count at least one donation'));
  if (strict && !errors.length && !chosen) {
    const lowest = classes[0];
    errors.push(
      err(
        'lines',
        `มูลค่ารวม ${(total / 100).toFixed(2)} บาท ยังไม่ถึงเกณฑ์ชั้นต่ำสุด (${lowest?.nameTh} ${lowest?.minValue} บาท)`,
        `The total value ${(total / 100).toFixed(2)} baht is below the lowest class (${lowest?.nameEn}, ${lowest?.minValue} baht)`,
      ),
    );
  }
  if (errors.length) throw validationError(errors);
  await flushCounted(ctx.tx);
}

/** Writes the counted lines; a donation another proposal counts meanwhile is 409 DONATION_COUNTED. */
async function flushCounted(tx: EntityManager): Promise<void> {
  try {
    await tx.flush();
  } catch (e) {
    if (e instanceof UniqueConstraintViolationException && COUNTED_INDEXES.some((n) => e.message.includes(n)))
      throw countedRefusal();
    throw e;
  }
}

/** Cancelling frees the donations: they can be counted in another proposal. */
async function release(ctx: EffectContext): Promise<void> {
  for (const line of ctx.lines) line.counted = false;
}

export const royalDecoration = defineDocumentType({
  type: 'ROYAL_DECORATION',
  prefix: 'RDC',
  table: 'doc_royal_decoration',
  label: { th: 'รายการเสนอขอพระราชทานเครื่องราชอิสริยาภรณ์', en: 'Royal decoration proposal' },
  menus: { view: [...VIEW, ...ADD, ...EDIT, ...CANCEL], create: ADD, edit: EDIT },
  screens: [
    { key: 'add-royal-decoration', mode: 'WORK' },
    { key: 'edit-royal-decoration', mode: 'WORK' },
    { key: 'cancel-royal-decoration', mode: 'WORK' },
    { key: 'view-royal-decoration', mode: 'VIEW' },
  ],
  editableIn: ['DRAFT'],
  // A draft may be saved before its donations are chosen; PROPOSE needs at least one.
  minLines: 0,
  header: [
    field.reference('unit', { th: 'หน่วยงานที่เสนอ', en: 'Proposing unit' }, () => governmentInfo, {
      required: true,
      list: true,
    }),
    field.reference('donor', { th: 'ผู้บริจาค', en: 'Donor' }, () => donator, { required: true, list: true }),
    field.integer(
      'proposalYear',
      { th: 'ปีงบประมาณที่เสนอ (พ.ศ.)', en: 'Fiscal year proposed for (B.E.)' },
      { required: true, min: FIRST_LIST_YEAR_BE, max: LAST_YEAR_INPUT_BE, list: true },
    ),
    field.decimal(
      'totalValue',
      { th: 'มูลค่ารวม (บาท)', en: 'Total value (baht)' },
      { scale: 2, derived: true, list: true },
    ),
    field.enum('requestedClass', { th: 'ชั้นที่ขอพระราชทาน', en: 'Class requested' }, decorationClassOptions, {
      derived: true,
      list: true,
    }),
    {
      ...field.text(
        'certificateNumber',
        { th: 'เลขที่ประกาศนียบัตร', en: 'Certificate number' },
        { maxLength: 50, required: true, list: true },
      ),
      enteredAt: 'AWARD',
    },
    {
      ...field.date('certificateDate', { th: 'วันที่ประกาศนียบัตร', en: 'Certificate date' }, { required: true }),
      enteredAt: 'AWARD',
    },
  ],
  lines: [
    donationField(
      'moneyDonation',
      { th: 'เงินบริจาค (รหัสเอกสาร)', en: 'Money donation (document id)' },
      () => moneyDonation.entity,
      'MONEY_DONATION',
    ),
    donationField(
      'goodsDonation',
      { th: 'สิ่งของบริจาค (รหัสเอกสาร)', en: 'Goods donation (document id)' },
      () => goodsDonation.entity,
      'GOODS_DONATION',
    ),
    field.date('donatedOn', { th: 'วันที่บริจาค', en: 'Donated on' }, { derived: true, list: true }),
    field.decimal('value', { th: 'มูลค่า (บาท)', en: 'Value (baht)' }, { scale: 2, derived: true, list: true }),
    {
      ...field.boolean('counted', { th: 'นับรวมในรายการเสนอนี้', en: 'Counted in this proposal' }),
      derived: true,
    },
  ],
  workflow: {
    statuses: [
      { code: 'DRAFT', label: { th: 'ร่าง', en: 'Draft' } },
      { code: 'PROPOSED', label: { th: 'เสนอขอแล้ว', en: 'Proposed' } },
      { code: 'AWARDED', label: { th: 'ได้รับพระราชทาน', en: 'Awarded' } },
      { code: 'NOT_AWARDED', label: { th: 'ไม่ได้รับพระราชทาน', en: 'Not awarded' } },
      { code: 'CANCELLED', label: { th: 'ยกเลิก', en: 'Cancelled' } },
    ],
    initial: 'DRAFT',
    transitions: [
      {
        action: 'PROPOSE',
        label: { th: 'ส่งเสนอขอพระราชทาน', en: 'Propose' },
        from: ['DRAFT'],
        to: 'PROPOSED',
        menu: [...ADD, ...EDIT],
      },
      {
        action: 'AWARD',
        label: { th: 'บันทึกผลได้รับพระราชทาน', en: 'Record the award' },
        from: ['PROPOSED'],
        to: 'AWARDED',
        menu: EDIT,
      },
      {
        action: 'NOT_AWARD',
        label: { th: 'บันทึกผลไม่ได้รับพระราชทาน', en: 'Record not awarded' },
        from: ['PROPOSED'],
        to: 'NOT_AWARDED',
        menu: EDIT,
        reason: 'required',
      },
      cancelAction(['DRAFT', 'PROPOSED', 'NOT_AWARDED'], CANCEL),
    ],
  },
  owner: 'unit',
  validate: checkProposal,
  onSave: (ctx) => valueAndCount(ctx, false),
  effects: {
    PROPOSE: (ctx) => valueAndCount(ctx, true),
    CANCEL: release,
  },
});

// The partial unique indexes (COUNTED_INDEXES) belong to the line table's schema, so the migration
// and the entities agree.
royalDecoration.lineEntity.addIndex({
  name: COUNTED_INDEXES[0] as string,
  expression: `create unique index "${COUNTED_INDEXES[0]}" on "doc_royal_decoration_line" ("money_donation") where counted`,
});
royalDecoration.lineEntity.addIndex({
  name: COUNTED_INDEXES[1] as string,
  expression: `create unique index "${COUNTED_INDEXES[1]}" on "doc_royal_decoration_line" ("goods_donation") where counted`,
});
