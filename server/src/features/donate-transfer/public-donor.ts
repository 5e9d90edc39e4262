import type { EntityManager } from '@mikro-orm/postgresql';
import { saveReferenceRow } from '../../kits/reference/reference-save';
import type { Principal } from '../../platform/auth/principal';
import { AppError } from '../../platform/errors';
import { donator } from '../reference';
import type { TransferDonationForm } from './donate-transfer.form';

// The donor of a public donation: the donator who already has the citizen or tax id (never a second
// one for the same id: product-decisions sec. 4, docs/donations.md), else a new donator made from what
// the visitor typed, through the reference kit's own save (checks, code DN-000123, the unique index).
// A visitor does not change an existing donator's record: what they typed that differs goes into the
// donation's remark for staff to compare. Anonymous donations share one anonymous donator.

/** The one donator public anonymous donations are recorded under (the demo's DN-000002 has this name). */
export const ANONYMOUS_DONOR_NAME = 'ผู้ไม่ประสงค์ออกนาม';

export interface PublicDonor {
  id: number;
  code: string;
  nameTh: string;
  created: boolean;
}

const suspended = (taxId: string) =>
  new AppError(
    'CONFLICT',
    409,
    `ข้อมูลผู้บริจาคของเลขประจำตัว ${taxId} ถูกระงับการใช้งานไว้ จึงบันทึกการบริจาคทางเว็บไซต์ไม่ได้ กรุณาติดต่อหน่วยงานที่รับบริจาค`,
    `The donor record of id ${taxId} is suspended, so the donation cannot be recorded on the website; please contact the receiving unit`,
    { fields: [{ field: 'taxId', messageTh: 'ข้อมูลผู้บริจาคถูกระงับ', messageEn: 'Donor record suspended' }] },
  );

async function create(tx: EntityManager, principal: Principal, values: Record<string, unknown>) {
  const row = await saveReferenceRow(
    { tx, principal, type: donator, requireScope: async () => undefined },
    { code: '', values },
  );
  return { id: row.id, code: row.code, nameTh: row.nameTh, created: true };
}

export async function findOrCreateDonor(
  tx: EntityManager,
  principal: Principal,
  form: TransferDonationForm,
): Promise<PublicDonor> {
  if (form.donorType === 'ANONYMOUS') {
    // Two anonymous donations at once would otherwise both make the shared donator.
    await tx.execute('select pg_advisory_xact_lock(hashtext(?))', ['donator-public-anonymous']);
    const shared = await tx.findOne(
      donator.entity,
      { donorType: 'ANONYMOUS', taxId: null, nameTh: ANONYMOUS_DONOR_NAME, statusCode: 'A' },
      { orderBy: { id: 'asc' } },
    );
    if (shared) return { id: shared.id, code: shared.code, nameTh: shared.nameTh, created: false };
    return create(tx, principal, { donorType: 'ANONYMOUS', nameTh: ANONYMOUS_DONOR_NAME });
  }
  const taxId = form.taxId as string;
  // The lock the donator save takes (donator-rules.ts): a staff save of the same id waits for us.
  await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [`donator-tax-id:${taxId}`]);
  const holder = await tx.findOne(donator.entity, { taxId });
  if (holder) {
    if (holder.statusCode !== 'A') throw suspended(taxId);
    return { id: holder.id, code: holder.code, nameTh: holder.nameTh, created: false };
  }
  return create(tx, principal, {
    donorType: form.donorType,
    nameTh: form.donorName,
    taxId,
    phone: form.phone,
    email: form.email,
    addressLine: form.addressLine,
    subDistrict: form.subDistrict,
  });
}
