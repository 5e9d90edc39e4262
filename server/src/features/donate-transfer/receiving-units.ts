import type { EntityManager } from '@mikro-orm/postgresql';
import { banks } from '../../kits/core/banks.data';

// The units a visitor may name as the receiver of a donation, for every public form (one statement,
// `receivingUnitsSql`): for money the active units of the organisation tree with at least one active
// money account (MONEY_ACCOUNT), for goods those that accept donations or keep an active storage,
// each with its province (its own, else its sub-district's; central offices without either come
// first as "ส่วนกลาง"). The transfer form (`receivingUnits`) also needs what a donor needs to pay:
// each account's bank, number, name and whether it takes PromptPay; the receipt request forms
// (`receivingUnitOptions`) only the unit. The near-me list (donation points) is another question.

export interface ReceivingAccount {
  id: number;
  nameTh: string;
  nameEn: string | null;
  bankCode: string;
  bankNameTh: string;
  bankNameEn: string;
  accountNumber: string;
  branch: string | null;
  promptPay: boolean;
}

export interface ReceivingUnit {
  id: number;
  code: string;
  nameTh: string;
  nameEn: string;
  addressLine: string | null;
  phone: string | null;
  accounts: ReceivingAccount[];
}

export interface ReceivingProvince {
  /** Null for central offices with no province. */
  provinceId: number | null;
  provinceNameTh: string;
  provinceNameEn: string;
  units: ReceivingUnit[];
}

const CENTRAL = { th: 'ส่วนกลาง (กรุงเทพมหานคร)', en: 'Central offices (Bangkok)' };

export type ReceivingKind = 'MONEY' | 'GOODS';

/**
 * The units that receive `kind`, active ones only, with their province, ordered as the forms list
 * them; `one`: narrowed to the unit given as the statement's parameter.
 */
export function receivingUnitsSql(kind: ReceivingKind, one = false): string {
  const receives =
    kind === 'MONEY'
      ? `exists (select 1 from ref_money_account a where a.owner_unit_id = u.id and a.status_code = 'A')`
      : `(u.accepts_donations or exists (select 1 from ref_storage s where s.owner_unit_id = u.id and s.status_code = 'A'))`;
  return `select u.id, u.code, u.name_th, u.name_en, u.address_line, u.phone, gp.id as province_id,
       gp.name_th as province_th, gp.name_en as province_en
     from organisation_unit u
     left join geo_sub_district sd on sd.id = u.sub_district_id
     left join geo_district d on d.id = sd.district_id
     left join geo_province gp on gp.id = coalesce(u.province_id, d.province_id)
     where u.active and ${receives} ${one ? 'and u.id = ?' : ''}
     order by gp.name_th nulls first, u.name_th, u.code`;
}

interface UnitRow {
  id: number;
  code: string;
  name_th: string;
  name_en: string;
  address_line: string | null;
  phone: string | null;
  province_id: number | null;
  province_th: string | null;
  province_en: string | null;
}

export interface ReceivingUnitOption {
  id: number;
  code: string;
  nameTh: string;
  nameEn: string;
  provinceId: number | null;
  provinceNameTh: string | null;
  provinceNameEn: string | null;
}

/** The units that receive `kind` (the receipt request forms' list); `unitId`: that one, if it does. */
export async function receivingUnitOptions(
  em: EntityManager,
  kind: ReceivingKind,
  unitId?: number,
): Promise<ReceivingUnitOption[]> {
  const rows = await em
    .getConnection()
    .execute<UnitRow[]>(
      receivingUnitsSql(kind, unitId !== undefined),
      unitId !== undefined ? [unitId] : [],
      'all',
      em.isInTransaction() ? em.getTransactionContext() : undefined,
    );
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    nameTh: r.name_th,
    nameEn: r.name_en,
    provinceId: r.province_id,
    provinceNameTh: r.province_th,
    provinceNameEn: r.province_en,
  }));
}

type Row = {
  unit_id: number;
  unit_code: string;
  unit_th: string;
  unit_en: string;
  address_line: string | null;
  phone: string | null;
  province_id: number | null;
  province_th: string | null;
  province_en: string | null;
  account_id: number;
  account_th: string;
  account_en: string | null;
  bank_code: string;
  account_number: string;
  branch: string | null;
  prompt_pay_id: string | null;
};

/** The accounts a public donation may go to, one statement; `accountId` narrows it to one account. */
async function rows(em: EntityManager, where: { accountId?: number } = {}): Promise<Row[]> {
  return em.getConnection().execute<Row[]>(
    `select u.id as unit_id, u.code as unit_code, u.name_th as unit_th, u.name_en as unit_en,
       u.address_line, u.phone, u.province_id, u.province_th, u.province_en,
       a.id as account_id, a.name_th as account_th, a.name_en as account_en, a.bank_code,
       a.account_number, a.branch, a.prompt_pay_id
     from (${receivingUnitsSql('MONEY')}) u
     join ref_money_account a on a.owner_unit_id = u.id
     where a.status_code = 'A' ${where.accountId ? 'and a.id = ?' : ''}
     order by u.province_th nulls first, u.name_th, u.code, a.code`,
    where.accountId ? [where.accountId] : [],
  );
}

const bankOf = (code: string) => banks.find((b) => b.code === code);

function account(row: Row): ReceivingAccount {
  const bank = bankOf(row.bank_code);
  return {
    id: row.account_id,
    nameTh: row.account_th,
    nameEn: row.account_en,
    bankCode: row.bank_code,
    bankNameTh: bank?.nameTh ?? row.bank_code,
    bankNameEn: bank?.nameEn ?? row.bank_code,
    accountNumber: row.account_number,
    branch: row.branch,
    promptPay: row.prompt_pay_id !== null,
  };
}

export async function receivingUnits(em: EntityManager): Promise<ReceivingProvince[]> {
  const provinces = new Map<number | null, ReceivingProvince>();
  const units = new Map<number, ReceivingUnit>();
  for (const row of await rows(em)) {
    let province = provinces.get(row.province_id);
    if (!province) {
      province = {
        provinceId: row.province_id,
        provinceNameTh: row.province_th ?? CENTRAL.th,
        provinceNameEn: row.province_en ?? CENTRAL.en,
        units: [],
      };
      provinces.set(row.province_id, province);
    }
    let unit = units.get(row.unit_id);
    if (!unit) {
      unit = {
        id: row.unit_id,
        code: row.unit_code,
        nameTh: row.unit_th,
        nameEn: row.unit_en,
        addressLine: row.address_line,
        phone: row.phone,
        accounts: [],
      };
      units.set(row.unit_id, unit);
      province.units.push(unit);
    }
    unit.accounts.push(account(row));
  }
  return [...provinces.values()];
}

/** One account a visitor may pay into, with its unit and PromptPay id; null when it takes no donations. */
export async function receivingAccount(
  em: EntityManager,
  accountId: number,
): Promise<{
  unitId: number;
  unitNameTh: string;
  account: ReceivingAccount;
  promptPayId: string | null;
} | null> {
  const [row] = await rows(em, { accountId });
  if (!row) return null;
  return {
    unitId: row.unit_id,
    unitNameTh: row.unit_th,
    account: account(row),
    promptPayId: row.prompt_pay_id,
  };
}
