import type { EntitySchema } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ReferenceRow } from '../../../kits/reference/reference-kit';
import { nextNumber } from '../../../kits/workflow/numbering';
import { AppError } from '../../../platform/errors';

// The two rules that make a donor one record (product-decisions sec. 4): a citizen or tax id belongs
// to one donator only, and donor codes are given by the system (DN-000123), never typed.

/** The partial unique index behind the rule (anonymous donors have no id, and need none). */
export const DONATOR_TAX_ID_INDEX = 'ref_donator_tax_id_key';

/** The donor code series in document_counter; it never restarts, so its "fiscal year" is 0. */
const CODE_SERIES = 'DONATOR';
const CODE_YEAR = 0;

export const donorCode = (n: number) => `DN-${String(n).padStart(6, '0')}`;

/**
 * The next free donor code, taken from the counter in the saving transaction (a rolled-back save
 * gives it back). Codes entered by hand (an import) may already hold
 * a number of the series: those are skipped.
 */
export async function nextDonorCode(tx: EntityManager, entity: EntitySchema<ReferenceRow>): Promise<string> {
  for (;;) {
    const code = donorCode(await nextNumber(tx, CODE_SERIES, CODE_YEAR));
    if (!(await tx.count(entity, { code }))) return code;
  }
}

/**
 * 409 naming the donator who already has this citizen or tax id. Saves of the same id queue on a
 * transaction-long advisory lock before looking, so of two people adding the same donor at once the
 * second waits, then finds the first (the unique index stands behind it).
 */
export async function refuseRepeatedId(
  tx: EntityManager,
  entity: EntitySchema<ReferenceRow>,
  taxId: string,
  self: number | null,
): Promise<void> {
  await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [`donator-tax-id:${taxId}`]);
  const other = await tx.findOne(entity, { taxId, ...(self === null ? {} : { id: { $ne: self } }) });
  if (!other) return;
  const inactiveTh = other.statusCode === 'I' ? ' (ไม่ได้ใช้งาน กรุณาเปิดใช้งานรายการนั้น)' : '';
  const inactiveEn = other.statusCode === 'I' ? ' (inactive: activate it again)' : '';
  const messageTh = `เลขประจำตัว ${taxId} เป็นของผู้บริจาค ${other.code} ${other.nameTh} อยู่แล้ว${inactiveTh} กรุณาเลือกผู้บริจาครายนั้นแทนการเพิ่มใหม่`;
  const messageEn = `Citizen or tax id ${taxId} already belongs to donor ${other.code} ${other.nameEn ?? other.nameTh}${inactiveEn}; choose that donor instead of adding a new one`;
  throw new AppError('CONFLICT', 409, messageTh, messageEn, {
    fields: [{ field: 'taxId', messageTh, messageEn }],
    existing: {
      id: other.id,
      code: other.code,
      nameTh: other.nameTh,
      nameEn: other.nameEn,
      statusCode: other.statusCode,
    },
  });
}
