import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type EffectContext, type ValidateContext } from '../../kits/documents/document-kit';
import { validationError } from '../../kits/reference/reference-check';
import { type FieldError } from '../../kits/reference/reference-kit';
import { idOf } from '../../kits/reference/reference-view';
import { scopePathSql } from '../../platform/auth/data-scope';
import { yearListRangeBE } from '../../platform/dates';
import { classFor, decorationClasses } from './decoration-classes';
import {
  COUNTED_INDEXES,
  countedRefusal,
  donationOf,
  donationRefusal,
  err,
  has,
  namedDonations,
} from './proposal-donations';

// A proposal's rules: its lines checked at each save (checkProposal), its value and class worked out
// and its donations held (counted) at save and PROPOSE, released when it is cancelled.

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
export async function valueAndCount(ctx: EffectContext, strict: boolean): Promise<void> {
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
export async function release(ctx: EffectContext): Promise<void> {
  for (const line of ctx.lines) line.counted = false;
}
