import type { EntityManager } from '@mikro-orm/postgresql';
import { OrganisationUnit } from '../../kits/core/organisation.entity';
import { PUBLIC_SITE_USER_ID } from '../../kits/core/people-names';
import { DocumentService } from '../../kits/documents/document.service';
import { attachmentKindOf } from '../../kits/documents/document-attachments';
import { validationError } from '../../kits/reference/reference-check';
import { once } from '../../kits/workflow/idempotency';
import type { AuthState, Principal } from '../../platform/auth/principal';
import { recordConsent } from '../../platform/consent/consent';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import {
  AttachmentService,
  checkIncomingFile,
  type IncomingFile,
} from '../../platform/files/attachment.service';
import { moneyDonation } from '../money-donations';
import { postalAddress } from '../receipts';
import { CONSENT_PURPOSE, type TransferDonationForm } from './donate-transfer.form';
import { trackingMail } from './donate-transfer.mail';
import { findOrCreateDonor } from './public-donor';
import { receivingAccount } from './receiving-units';

// A visitor's report of a donation by transfer (/donate-money-by-bank-transfer): one transaction
// writes the PENDING money donation through the document kit (number, history, field checks, the
// kit's own rules) in the receiving unit, its donor (found by id or added), the slip as the
// donation's attachment, the consent and the tracking e-mail. Staff then verify and approve it in
// approve-receipt-money (MN-048) like any other money donation.

/** The form's key: the consent's channel and the idempotency operation. */
export const DONATE_TRANSFER_CHANNEL = 'donate-money-by-bank-transfer';

export interface TransferDonationOrigin {
  ip: string | null;
  requestId: string | null;
  userAgent: string | null;
}

export interface TransferDonationResult {
  /** The donation's number (DM-2569-000123): what the visitor quotes and staff search for. */
  trackingNumber: string;
  documentId: number;
  /** Where the tracking e-mail went, when an address was given. */
  emailedTo: string | null;
}

/**
 * The public website as the kit's principal for one donation: it may only create money donations,
 * and only in the unit the visitor chose (its data scope is that unit). Its user id is no one's.
 */
function publicSite(unit: OrganisationUnit): Principal {
  return {
    userId: PUBLIC_SITE_USER_ID,
    sessionId: 'public-site',
    kind: 'STAFF',
    username: 'public-site',
    groupCode: 'PUBLIC-SITE',
    menuCodes: new Set(moneyDonation.menus.create),
    unitId: unit.id,
    unitPath: unit.path,
  };
}

const fieldError = (field: string, messageTh: string, messageEn: string) =>
  validationError([{ field, messageTh, messageEn }]);

const noSlip = () =>
  fieldError('slip', 'กรุณาแนบสลิปการโอนเงิน (รูปภาพหรือ PDF)', 'Attach the transfer slip (an image or a PDF)');

export class TransferDonationService {
  constructor(
    private readonly em: EntityManager,
    private readonly deps: AppDeps,
    private readonly origin: TransferDonationOrigin,
  ) {}

  async submit(form: TransferDonationForm, slip: IncomingFile | null): Promise<TransferDonationResult> {
    // The slip is judged before anything is written: an empty, oversized or disguised file is refused.
    if (!slip) throw noSlip();
    try {
      checkIncomingFile(slip, this.deps.config.attachments);
    } catch (err) {
      throw err instanceof AppError
        ? new AppError(err.code, err.status, err.messageTh, err.messageEn, {
            ...err.details,
            fields: [{ field: 'slip', messageTh: err.messageTh, messageEn: err.messageEn }],
          })
        : err;
    }
    const { unit, account } = await this.destination(form);
    const principal = publicSite(unit);
    const auth: AuthState = { principal, failure: null };
    // The key's request: the form (the key left out) and the slip's bytes (hashed).
    const request = { ...form, slip: slip.content };
    const answer = await this.em.transactional((tx) =>
      once(tx, PUBLIC_SITE_USER_ID, form.idempotencyKey, DONATE_TRANSFER_CHANNEL, request, async () => {
        const donor = await findOrCreateDonor(tx, principal, form);
        // Where it came from and where the receipt goes: fields only the system sets (setBy: 'system').
        const system = {
          channel: 'WEBSITE',
          receiptDelivery: form.receiptDelivery,
          email: form.email,
          receiptAddress: form.receiptDelivery === 'POST' ? await this.postalAddress(tx, form) : null,
        };
        const { id, row } = await new DocumentService(tx, auth, moneyDonation, this.origin).create(
          {
            header: {
              donor: donor.id,
              donatedOn: form.transferredOn,
              amount: form.amount,
              transferType: form.transferType,
              bank: form.bank,
              paymentReference: form.paymentReference,
              moneyAccount: account.account.id,
              objective: form.objective,
            },
            remark: remarkOf(form, donor),
          },
          null,
          system,
        );
        await new AttachmentService(tx, this.deps.config.attachments, this.origin).addToNewOwner(
          tx,
          { kind: attachmentKindOf(moneyDonation), id },
          slip,
          PUBLIC_SITE_USER_ID,
        );
        recordConsent(tx, {
          subjectType: moneyDonation.type,
          subjectId: id,
          email: form.email,
          channel: DONATE_TRANSFER_CHANNEL,
          purpose: CONSENT_PURPOSE,
          ip: this.origin.ip,
          userAgent: this.origin.userAgent,
        });
        const trackingNumber = row?.number as string;
        if (form.email)
          this.deps.mailer.enqueue(
            tx,
            trackingMail(form.email, {
              trackingNumber,
              unitNameTh: unit.nameTh,
              account: account.account,
              form,
              publicUrl: this.deps.config.publicUrl,
            }),
          );
        await tx.flush();
        return { trackingNumber, documentId: id, emailedTo: form.email };
      }),
    );
    return answer;
  }

  /** The chosen unit and account: the account must be an active one of that (active) unit. */
  private async destination(form: TransferDonationForm) {
    const account = await receivingAccount(this.em, form.moneyAccountId);
    if (account && account.unitId === form.unitId) {
      const unit = await this.em.findOneOrFail(OrganisationUnit, { id: account.unitId });
      return { unit, account };
    }
    const [{ n }] = await this.em.getConnection().execute<{ n: number }[]>(
      `select count(*)::int as n from ref_money_account a join organisation_unit u on u.id = a.owner_unit_id and u.active
         where a.owner_unit_id = ? and a.status_code = 'A'`,
      [form.unitId],
    );
    if (n === 0)
      throw fieldError(
        'unitId',
        'หน่วยงานที่เลือกไม่มีบัญชีรับเงินบริจาค กรุณาเลือกหน่วยงานอื่น',
        'The unit chosen has no account for donations; choose another unit',
      );
    throw fieldError(
      'moneyAccountId',
      'บัญชีที่เลือกไม่ใช่บัญชีรับเงินบริจาคของหน่วยงานนี้ กรุณาเลือกบัญชีจากรายการ',
      'The account chosen is not a donation account of this unit; choose one from the list',
    );
  }

  private async postalAddress(tx: EntityManager, form: TransferDonationForm): Promise<string> {
    const address = await postalAddress(tx, form.addressLine, form.subDistrict ?? 0);
    if (!address) throw fieldError('subDistrict', 'ไม่พบตำบล/แขวงที่เลือก', 'No such sub-district');
    return address;
  }
}

/** What staff read on the donation: where it came from, and what the visitor typed that the donor record does not say. */
function remarkOf(form: TransferDonationForm, donor: { nameTh: string; created: boolean }): string {
  const parts = ['แจ้งโอนทางเว็บไซต์ (Reported on the website)'];
  if (!donor.created && form.donorType !== 'ANONYMOUS' && form.donorName && form.donorName !== donor.nameTh)
    parts.push(`ชื่อที่ผู้บริจาคกรอก: ${form.donorName}`);
  if (form.phone) parts.push(`โทร ${form.phone}`);
  return parts.join(' · ');
}
