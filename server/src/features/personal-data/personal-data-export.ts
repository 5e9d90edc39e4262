import type { EntityManager } from '@mikro-orm/postgresql';
import { DONOR_ACCOUNT_CONSENT_SUBJECT } from '../../kits/core/user.entity';
import { PRIVACY_NOTICE_VERSION } from '../../platform/consent/consent';
import { donorDonations, linkedDonatorIds } from '../donor-account';
import type { ReceiptRequestItem } from '../receipt-requests';
import { receiptRequestWorkflow } from '../receipt-requests';
import { thaiAddress } from '../receipts';
import { deletionWorkflow } from './personal-data.workflow';

// Everything the system holds about a donor that their account reaches (PDPA right of access,
// docs/public-site.md): the account, the donator records linked to it now, those donators' donations
// with their receipts as issued, the consents given through the account, its e-mail or those
// donations, the account's own requests, and the public receipt requests that are the person's: the
// same rule anonymise.ts uses (PERSON requests under the citizen id of one of their linked PERSON
// records) plus those sent with one of the account's verified e-mails (its own, proved at
// activation, and those of the records linked now). The same object is the readable page (GraphQL
// `myPersonalData`) and the JSON download (GET /api/my/personal-data).

export interface ExportedAccount {
  id: number;
  username: string;
  email: string;
  titleTh: string | null;
  firstNameTh: string;
  lastNameTh: string;
  firstNameEn: string | null;
  lastNameEn: string | null;
  citizenId: string | null;
  phone: string | null;
  status: string;
  createdAt: Date;
  lastLoginAt: Date | null;
}

export interface ExportedDonor {
  id: number;
  code: string;
  donorType: string;
  nameTh: string;
  nameEn: string | null;
  taxId: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  linkedAt: Date;
  linkMethod: string;
}

export interface ExportedReceipt {
  kind: string;
  number: string;
  issuedOn: string;
  amount: string;
  donorName: string;
  donorTaxId: string | null;
  donorAddress: string | null;
  void: boolean;
}

export interface ExportedDonation {
  kind: string;
  number: string;
  donatedOn: string;
  status: string;
  statusLabelTh: string;
  statusLabelEn: string;
  value: string;
  objectiveLabelTh: string;
  unitNameTh: string;
  unitNameEn: string | null;
  donorCode: string;
  /** Money donations reported on the website: what the form took. */
  channel: string | null;
  email: string | null;
  receiptDelivery: string | null;
  receiptAddress: string | null;
  receipt: ExportedReceipt | null;
}

export interface ExportedConsent {
  givenAt: Date;
  channel: string;
  noticeVersion: string;
  purpose: string;
  email: string | null;
  subjectType: string;
  subjectId: number;
}

export interface ExportedRequest {
  id: number;
  kind: string;
  status: string;
  statusLabelTh: string;
  reason: string | null;
  requestedAt: Date;
  decidedAt: Date | null;
  decisionNote: string | null;
}

export interface ExportedReceiptRequest {
  /** The tracking number. */
  number: string;
  /** MONEY or GOODS. */
  kind: string;
  unitNameTh: string;
  donatedOn: string;
  amount: string | null;
  items: ReceiptRequestItem[] | null;
  /** EMAIL or POST. */
  delivery: string;
  status: string;
  statusLabelTh: string;
  createdAt: Date;
  updatedAt: Date;
  /** PERSON or JURISTIC, and what the form took about the requester. */
  requesterType: string;
  requesterName: string;
  taxId: string;
  email: string;
  phone: string;
  address: string | null;
  note: string | null;
}

export interface PersonalDataExport {
  exportedAt: Date;
  /** The privacy notice in force (/pdpa). */
  noticeVersion: string;
  account: ExportedAccount;
  donors: ExportedDonor[];
  donations: ExportedDonation[];
  consents: ExportedConsent[];
  requests: ExportedRequest[];
  receiptRequests: ExportedReceiptRequest[];
}

type Row = Record<string, unknown>;

async function rows(em: EntityManager, sql: string, params: unknown[]): Promise<Row[]> {
  return (await em.execute(sql, params)) as unknown as Row[];
}

const intArray = (ids: readonly number[]) => `{${ids.join(',')}}`;
const textArray = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
const statusLabel = (code: string) =>
  deletionWorkflow.statuses.find((s) => s.code === code)?.label.th ?? code;
const receiptRequestStatusLabel = (code: string) =>
  receiptRequestWorkflow.statuses.find((s) => s.code === code)?.label.th ?? code;

type Section<K extends keyof PersonalDataExport> = PersonalDataExport[K];

/** The export of a donor account (docs/personal-data.md): each section read by its part below. */
export async function collectPersonalData(em: EntityManager, userId: number): Promise<PersonalDataExport> {
  const user = await accountRow(em, userId);
  const ids = await linkedDonatorIds(em, userId);
  const donorRows = await donorRecordRows(em, userId, ids);
  const { donations, moneyIds } = await donationsOf(em, ids);
  return {
    exportedAt: new Date(),
    noticeVersion: PRIVACY_NOTICE_VERSION,
    account: accountOf(user),
    donors: donorRows.map(donorOf),
    donations,
    consents: await consentsOf(em, userId, moneyIds, user.email as string),
    requests: await requestsOf(em, userId),
    receiptRequests: await receiptRequestsOf(em, user, donorRows),
  };
}

async function accountRow(em: EntityManager, userId: number): Promise<Row> {
  const [user] = await rows(
    em,
    `select id, username, email, title_th, first_name_th, last_name_th, first_name_en, last_name_en, citizen_id,
            phone, user_status_code, created_at, last_login_at
       from app_user where id = ? and kind = 'DONOR'`,
    [userId],
  );
  if (!user) throw new Error(`No donor account ${userId}`);
  return user;
}

const accountOf = (user: Row): Section<'account'> => ({
  id: user.id as number,
  username: user.username as string,
  email: user.email as string,
  titleTh: text(user.title_th),
  firstNameTh: user.first_name_th as string,
  lastNameTh: user.last_name_th as string,
  firstNameEn: text(user.first_name_en),
  lastNameEn: text(user.last_name_en),
  citizenId: text(user.citizen_id),
  phone: text(user.phone),
  status: user.user_status_code as string,
  createdAt: new Date(user.created_at as string),
  lastLoginAt: user.last_login_at ? new Date(user.last_login_at as string) : null,
});

/** The donator records linked to the account, with their addresses. */
async function donorRecordRows(em: EntityManager, userId: number, ids: readonly number[]): Promise<Row[]> {
  if (!ids.length) return [];
  return rows(
    em,
    `select d.id, d.code, d.donor_type, d.name_th, d.name_en, d.tax_id, d.phone, d.email, d.address_line,
            sd.name_th as sub_district, di.name_th as district, pr.name_th as province, pr.id as province_id,
            sd.postcode, l.linked_at, l.method
       from donor_link l join ref_donator d on d.id = l.donator_id
       left join geo_sub_district sd on sd.id = d.sub_district_id
       left join geo_district di on di.id = sd.district_id
       left join geo_province pr on pr.id = di.province_id
      where l.user_id = ? and d.id = any(?::int[]) order by l.linked_at, l.id`,
    [userId, intArray(ids)],
  );
}

const donorOf = (d: Row): Section<'donors'>[number] => ({
  id: d.id as number,
  code: d.code as string,
  donorType: d.donor_type as string,
  nameTh: d.name_th as string,
  nameEn: text(d.name_en),
  taxId: text(d.tax_id),
  phone: text(d.phone),
  email: text(d.email),
  address: thaiAddress(d as never),
  linkedAt: new Date(d.linked_at as string),
  linkMethod: d.method as string,
});

/** Rows of a table by id (none asked: none read), by id. */
async function rowsById(em: EntityManager, sql: string, ids: readonly number[]): Promise<Map<number, Row>> {
  const found = ids.length ? await rows(em, sql, [intArray(ids)]) : [];
  return new Map(found.map((r) => [r.id as number, r]));
}

/** The linked donators' donations, a money donation with what the public form set, each with its receipt. */
async function donationsOf(
  em: EntityManager,
  ids: readonly number[],
): Promise<{ donations: Section<'donations'>; moneyIds: number[] }> {
  const donations = await donorDonations(em, ids);
  const moneyIds = donations.filter((d) => d.kind === 'MONEY').map((d) => d.id);
  const moneyExtras = await rowsById(
    em,
    `select id, channel, email, receipt_delivery, receipt_address from doc_money_donation where id = any(?::int[])`,
    moneyIds,
  );
  const receipts = await rowsById(
    em,
    `select id, donor_name, donor_tax_id, donor_address from donation_receipt where id = any(?::int[])`,
    donations.flatMap((d) => (d.receipt ? [d.receipt.id] : [])),
  );
  return {
    moneyIds,
    donations: donations.map((d) => {
      const extra = moneyExtras.get(d.id);
      const receipt = d.receipt ? receipts.get(d.receipt.id) : undefined;
      return {
        kind: d.kind,
        number: d.number,
        donatedOn: d.donatedOn,
        status: d.status,
        statusLabelTh: d.statusLabelTh,
        statusLabelEn: d.statusLabelEn,
        value: d.value,
        objectiveLabelTh: d.objectiveLabelTh,
        unitNameTh: d.unitNameTh,
        unitNameEn: d.unitNameEn,
        donorCode: d.donorCode,
        channel: d.kind === 'MONEY' ? text(extra?.channel) : null,
        email: d.kind === 'MONEY' ? text(extra?.email) : null,
        receiptDelivery: d.kind === 'MONEY' ? text(extra?.receipt_delivery) : null,
        receiptAddress: d.kind === 'MONEY' ? text(extra?.receipt_address) : null,
        receipt:
          d.receipt && receipt
            ? {
                kind: d.receipt.kind,
                number: d.receipt.number,
                issuedOn: d.receipt.issuedOn,
                amount: d.receipt.amount,
                donorName: receipt.donor_name as string,
                donorTaxId: text(receipt.donor_tax_id),
                donorAddress: text(receipt.donor_address),
                void: d.receipt.void,
              }
            : null,
      };
    }),
  };
}

/** Consents of the account, of its money donations, and any given with its e-mail. */
async function consentsOf(
  em: EntityManager,
  userId: number,
  moneyIds: readonly number[],
  email: string,
): Promise<Section<'consents'>> {
  const consents = await rows(
    em,
    `select given_at, channel, notice_version, purpose, email, subject_type, subject_id from consent_record
      where (subject_type = ? and subject_id = ?)
         or (subject_type = 'MONEY_DONATION' and subject_id = any(?::int[]))
         or lower(email) = lower(?)
      order by given_at, id`,
    [DONOR_ACCOUNT_CONSENT_SUBJECT, userId, intArray(moneyIds), email],
  );
  return consents.map((c) => ({
    givenAt: new Date(c.given_at as string),
    channel: c.channel as string,
    noticeVersion: c.notice_version as string,
    purpose: c.purpose as string,
    email: text(c.email),
    subjectType: c.subject_type as string,
    subjectId: c.subject_id as number,
  }));
}

/** The account's own personal-data requests (export, deletion). */
async function requestsOf(em: EntityManager, userId: number): Promise<Section<'requests'>> {
  const requests = await rows(
    em,
    `select id, kind, status, reason, requested_at, decided_at, decision_note from personal_data_request
      where user_id = ? order by requested_at, id`,
    [userId],
  );
  return requests.map((r) => ({
    id: r.id as number,
    kind: r.kind as string,
    status: r.status as string,
    statusLabelTh: statusLabel(r.status as string),
    reason: text(r.reason),
    requestedAt: new Date(r.requested_at as string),
    decidedAt: r.decided_at ? new Date(r.decided_at as string) : null,
    decisionNote: text(r.decision_note),
  }));
}

/**
 * The person's receipt requests: PERSON requests under the citizen id of a linked PERSON record (as
 * anonymise.ts decides), and any sent with the account's e-mail or a linked record's verified e-mail.
 */
async function receiptRequestsOf(
  em: EntityManager,
  user: Row,
  donorRows: readonly Row[],
): Promise<Section<'receiptRequests'>> {
  const personTaxIds = donorRows
    .filter((d) => d.donor_type === 'PERSON' && d.tax_id)
    .map((d) => String(d.tax_id));
  const verifiedEmails = [
    ...new Set(
      [user.email, ...donorRows.map((d) => d.email)]
        .filter((e): e is string => typeof e === 'string' && e !== '')
        .map((e) => e.toLowerCase()),
    ),
  ];
  const receiptRequests = await rows(
    em,
    `select r.number, r.kind, o.name_th as unit_name_th, to_char(r.donated_on, 'YYYY-MM-DD') as donated_on,
            r.amount::text as amount, r.items, r.delivery, r.status, r.created_at, r.updated_at,
            r.requester_type, r.requester_name, r.tax_id, r.email, r.phone, r.note, r.address_line,
            sd.name_th as sub_district, di.name_th as district, pr.name_th as province, pr.id as province_id,
            sd.postcode
       from receipt_request r join organisation_unit o on o.id = r.receiving_unit_id
       left join geo_sub_district sd on sd.id = r.sub_district_id
       left join geo_district di on di.id = sd.district_id
       left join geo_province pr on pr.id = di.province_id
      where (r.requester_type = 'PERSON' and r.tax_id = any(?::text[])) or lower(r.email) = any(?::text[])
      order by r.created_at, r.id`,
    [textArray(personTaxIds), textArray(verifiedEmails)],
  );
  return receiptRequests.map((r) => ({
    number: r.number as string,
    kind: r.kind as string,
    unitNameTh: r.unit_name_th as string,
    donatedOn: r.donated_on as string,
    amount: text(r.amount),
    items: (r.items as ReceiptRequestItem[] | null) ?? null,
    delivery: r.delivery as string,
    status: r.status as string,
    statusLabelTh: receiptRequestStatusLabel(r.status as string),
    createdAt: new Date(r.created_at as string),
    updatedAt: new Date(r.updated_at as string),
    requesterType: r.requester_type as string,
    requesterName: r.requester_name as string,
    taxId: r.tax_id as string,
    email: r.email as string,
    phone: r.phone as string,
    address: thaiAddress(r as never),
    note: text(r.note),
  }));
}
