import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ANONYMISED_FIRST_NAME, anonymisedName } from '../../kits/core/anonymised-account';
import { DONOR_ACCOUNT_CONSENT_SUBJECT } from '../../kits/core/user.entity';
import { hashPassword } from '../../platform/auth/passwords';
import { linkedDonatorIds } from '../donor-account';
import { RECEIPT_REQUEST } from '../receipt-requests';

// A completed deletion request (docs/public-site.md, "What a deletion removes and what it keeps"):
// everything that identifies or reaches the person and that no law requires the ministry to keep is
// removed or replaced, in the decision's transaction. Donations, receipts and their slips are
// financial and tax records (Revenue Code, the state's accounting rules): they stay, with the donor's
// name and citizen or tax id on the receipts, so a receipt still prints for the tax it was issued for.
//
// The person's donator records are the PERSON donators linked to the account now; a juristic
// person's record (a company's) is not the requester's personal data and is only unlinked.
// Each step is one statement; the outcome counts rows per step.

type Step = (tx: EntityManager, facts: Facts) => Promise<number>;

interface Facts {
  userId: number;
  staffUserId: number;
  personIds: number[];
  /** Lower-case e-mail addresses that reach the person. */
  addresses: string[];
  moneyIds: number[];
  /** Receipt requests the person sent under their own citizen id (PERSON requests of their records' ids). */
  ownRequestIds: number[];
  /** Every receipt request that reaches the person: their own and any other sent with their e-mail. */
  requestIds: number[];
  /**
   * A staff member's account keeps their names and position: the documents they approved and their
   * history are official records that must say who acted (docs/staff-anonymisation.md).
   */
  keepNames: boolean;
}

const intArray = (ids: readonly number[]) => `{${ids.join(',')}}`;
const textArray = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;

async function run(tx: EntityManager, sql: string, params: unknown[]): Promise<number> {
  const result = await tx.getConnection().execute(sql, params, 'run', tx.getTransactionContext());
  return (result as { affectedRows?: number }).affectedRows ?? 0;
}

async function select<T>(tx: EntityManager, sql: string, params: unknown[]): Promise<T[]> {
  return tx.getConnection().execute<T[]>(sql, params, 'all', tx.getTransactionContext());
}

/** The steps, in order: what each clears is its name. */
const steps: Record<string, Step> = {
  // Website reports: the e-mail and postal address the form took, and the phone number and name the
  // visitor typed that the donation's remark repeats for staff.
  moneyDonationContacts: (tx, f) =>
    run(
      tx,
      `update doc_money_donation set email = null, receipt_address = null,
         remark = nullif(regexp_replace(coalesce(remark, ''), ' · (ชื่อที่ผู้บริจาคกรอก: |โทร )[^·]*', '', 'g'), '')
       where donor_id = any(?::int[]) and (email is not null or receipt_address is not null or remark ~ ' · (ชื่อที่ผู้บริจาคกรอก: |โทร )')`,
      [intArray(f.personIds)],
    ),
  // The person's e-mail typed on a donation recorded under someone else's record (their employer's).
  moneyDonationEmails: (tx, f) =>
    run(tx, `update doc_money_donation set email = null where lower(email) = any(?::text[])`, [
      textArray(f.addresses),
    ]),
  // Receipts keep their number, amount, date, the donor's name and citizen or tax id; the address is
  // contact data the deduction does not need.
  receiptAddresses: (tx, f) =>
    run(
      tx,
      `update donation_receipt set donor_address = null where donor_id = any(?::int[]) and donor_address is not null`,
      [intArray(f.personIds)],
    ),
  // Receipt requests the person sent under their citizen id: what they typed to be reached by (name,
  // e-mail, phone, postal address, note) goes; the kind, unit, day, amount or goods, the citizen id,
  // the status and the linked donation stay (the receipt issued from it is the tax record, and keeps
  // the name). E-mail and phone are required columns: they read as the account does.
  receiptRequests: (tx, f) =>
    run(
      tx,
      `update receipt_request set requester_name = ?, email = ?, phone = '-', address_line = null,
         sub_district_id = null, note = null, updated_at = now(), updated_by = ?
       where id = any(?::int[])`,
      [
        ANONYMISED_FIRST_NAME,
        `${anonymisedName(f.userId)}@invalid`,
        f.staffUserId,
        intArray(f.ownRequestIds),
      ],
    ),
  // A request sent for someone else (a company) with the person's e-mail: the company's name and
  // address stay; the person's e-mail, the phone and the note they typed go.
  receiptRequestContacts: (tx, f) =>
    run(
      tx,
      `update receipt_request set email = ?, phone = '-', note = null, updated_at = now(), updated_by = ?
       where id = any(?::int[]) and not id = any(?::int[])`,
      [
        `${anonymisedName(f.userId)}@invalid`,
        f.staffUserId,
        intArray(f.requestIds),
        intArray(f.ownRequestIds),
      ],
    ),
  // The donator keeps code, type, names and id (the donations and the e-Donation export name them).
  donatorContacts: (tx, f) =>
    run(
      tx,
      `update ref_donator set phone = null, email = null, address_line = null, sub_district_id = null,
         updated_at = now(), updated_by_id = ? where id = any(?::int[])`,
      [f.staffUserId, intArray(f.personIds)],
    ),
  // A consent stays as the proof it was given (version, time, channel, purpose), without whom it reaches.
  consentContacts: (tx, f) =>
    run(
      tx,
      `update consent_record set email = null, ip = null, user_agent = null
        where (subject_type = ? and subject_id = ?)
           or (subject_type = 'MONEY_DONATION' and subject_id = any(?::int[]))
           or (subject_type = ? and subject_id = any(?::int[]))
           or lower(email) = any(?::text[])`,
      [
        DONOR_ACCOUNT_CONSENT_SUBJECT,
        f.userId,
        intArray(f.moneyIds),
        RECEIPT_REQUEST,
        intArray(f.requestIds),
        textArray(f.addresses),
      ],
    ),
  // Mail sent or waiting to be sent to the person (activation, tracking, codes).
  mail: (tx, f) =>
    run(tx, `delete from mail_outbox where lower("to") = any(?::text[])`, [textArray(f.addresses)]),
  loginAttempts: (tx, f) =>
    run(
      tx,
      `update login_attempt set username = ?, ip = null where user_id = ? or lower(username) = any(?::text[])`,
      [anonymisedName(f.userId), f.userId, textArray(f.addresses)],
    ),
  sessions: (tx, f) =>
    run(
      tx,
      `update user_session set ended_at = coalesce(ended_at, now()), end_reason = coalesce(end_reason, 'DEACTIVATED'),
         ip = null, user_agent = null where user_id = ?`,
      [f.userId],
    ),
  oneTimeTokens: (tx, f) => run(tx, 'delete from one_time_token where user_id = ?', [f.userId]),
  links: (tx, f) => run(tx, 'delete from donor_link where user_id = ?', [f.userId]),
  linkCodes: (tx, f) => run(tx, 'delete from donor_link_code where user_id = ?', [f.userId]),
  account: async (tx, f) =>
    run(
      tx,
      `update app_user set username = ?, email = ?, citizen_id = null, phone = null,
         title_th = case when ?::boolean then title_th end,
         first_name_th = case when ?::boolean then first_name_th else ? end,
         last_name_th = case when ?::boolean then last_name_th else '-' end,
         first_name_en = case when ?::boolean then first_name_en end,
         last_name_en = case when ?::boolean then last_name_en end,
         position = case when ?::boolean then position end,
         password_hash = ?, user_status_code = 'I', activation_code_hash = null, activation_expires_at = null,
         updated_at = now()
       where id = ?`,
      [
        anonymisedName(f.userId),
        `${anonymisedName(f.userId)}@invalid`,
        f.keepNames,
        f.keepNames,
        ANONYMISED_FIRST_NAME,
        f.keepNames,
        f.keepNames,
        f.keepNames,
        f.keepNames,
        await hashPassword(randomBytes(32).toString('base64url')),
        f.userId,
      ],
    ),
};

/** Anonymises the donor account `userId` and the person's linked records; returns rows per step. */
export async function anonymiseDonor(
  tx: EntityManager,
  userId: number,
  staffUserId: number,
): Promise<Record<string, number>> {
  const linked = await linkedDonatorIds(tx, userId);
  const donators = linked.length
    ? await select<{ id: number; donor_type: string; email: string | null; tax_id: string | null }>(
        tx,
        `select id, donor_type, lower(email) as email, tax_id from ref_donator where id = any(?::int[])`,
        [intArray(linked)],
      )
    : [];
  const personIds = donators.filter((d) => d.donor_type === 'PERSON').map((d) => d.id);
  const [account] = await select<{ email: string }>(
    tx,
    'select lower(email) as email from app_user where id = ?',
    [userId],
  );
  const money = personIds.length
    ? await select<{ id: number; email: string | null }>(
        tx,
        `select id, lower(email) as email from doc_money_donation where donor_id = any(?::int[])`,
        [intArray(personIds)],
      )
    : [];
  const persons = donators.filter((d) => d.donor_type === 'PERSON');
  const known = [account?.email, ...persons.map((d) => d.email), ...money.map((m) => m.email)];
  const taxIds = persons.map((d) => d.tax_id).filter((id): id is string => Boolean(id));
  const requests = await select<{ id: number; email: string; own: boolean }>(
    tx,
    `select id, lower(email) as email, (requester_type = 'PERSON' and tax_id = any(?::text[])) as own
       from receipt_request
      where (requester_type = 'PERSON' and tax_id = any(?::text[])) or lower(email) = any(?::text[])`,
    [textArray(taxIds), textArray(taxIds), textArray(known.filter((e): e is string => Boolean(e)))],
  );
  const addresses = [
    ...new Set(
      [...known, ...requests.filter((r) => r.own).map((r) => r.email)].filter((e): e is string => Boolean(e)),
    ),
  ];
  const facts: Facts = {
    userId,
    staffUserId,
    personIds,
    addresses,
    moneyIds: money.map((m) => m.id),
    ownRequestIds: requests.filter((r) => r.own).map((r) => r.id),
    requestIds: requests.map((r) => r.id),
    keepNames: false,
  };
  return runSteps(tx, facts, Object.keys(steps));
}

async function runSteps(tx: EntityManager, facts: Facts, names: readonly string[]) {
  const outcome: Record<string, number> = {};
  for (const name of names) outcome[name] = await steps[name](tx, facts);
  return outcome;
}

/** The steps that clear an account itself: what reaches it, its sign-ins, sessions and tokens. */
const ACCOUNT_STEPS = ['mail', 'loginAttempts', 'sessions', 'oneTimeTokens', 'account'] as const;

/**
 * Anonymises the account `userId` of a staff member who has left (docs/staff-anonymisation.md):
 * the account steps of a donor's deletion, but the names and position stay. Their documents,
 * history and audit rows are untouched. Returns rows per step.
 */
export async function anonymiseStaff(
  tx: EntityManager,
  userId: number,
  staffUserId: number,
): Promise<Record<string, number>> {
  const [account] = await select<{ email: string; username: string }>(
    tx,
    'select lower(email) as email, lower(username) as username from app_user where id = ?',
    [userId],
  );
  const facts: Facts = {
    userId,
    staffUserId,
    personIds: [],
    // The e-mail reaches them; the old username is what their sign-in attempts were recorded under.
    addresses: account ? [...new Set([account.email, account.username])] : [],
    moneyIds: [],
    ownRequestIds: [],
    requestIds: [],
    keepNames: true,
  };
  return runSteps(tx, facts, ACCOUNT_STEPS);
}
