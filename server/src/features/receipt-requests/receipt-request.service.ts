import type { EntityManager } from '@mikro-orm/postgresql';
import { OrganisationUnit } from '../../kits/core/organisation.entity';
import { PUBLIC_SITE_USER_ID } from '../../kits/core/people-names';
import { validationError } from '../../kits/reference/reference-check';
import { recordHistory } from '../../kits/workflow/history';
import { once } from '../../kits/workflow/idempotency';
import { allocateDocumentNumber } from '../../kits/workflow/numbering';
import { DocumentHistory } from '../../kits/workflow/workflow.entity';
import { audit } from '../../platform/audit/audit';
import { recordConsent } from '../../platform/consent/consent';
import type { AppDeps } from '../../platform/deps';
import { AppError, badInput, notFound } from '../../platform/errors';
import {
  AttachmentService,
  checkIncomingFile,
  type IncomingFile,
} from '../../platform/files/attachment.service';
import { receivingUnitOptions } from '../donate-transfer';
import { postalAddress } from '../receipts';
import { ReceiptRequest, type ReceiptRequestKind } from './receipt-request.entity';
import { CONSENT_PURPOSE, type ReceiptRequestForm } from './receipt-request.form';
import { type MailContext, requestedMail } from './receipt-request.mail';
import { RECEIPT_REQUEST, ReceiptRequestStatus, receiptRequestWorkflow } from './receipt-request.workflow';

// The public side of receipt requests: a visitor sends one (one transaction: the request with its
// tracking number, the evidence file, the history's first line, the consent and the first e-mail),
// and later asks its status with the tracking number and the e-mail address it was sent with.

/** Tracking numbers: RR-2569-000001, gapless per fiscal year (kits/workflow/numbering). */
export const RECEIPT_REQUEST_PREFIX = 'RR';

/** The attachment owner kind of a request's evidence (GET /api/files/:id for staff who may read it). */
export const RECEIPT_REQUEST_FILES = 'receipt-request';

/** The public page each kind is sent from: the consent's channel and the idempotency operation. */
export const RECEIPT_REQUEST_CHANNEL: Readonly<Record<ReceiptRequestKind, string>> = {
  MONEY: 'reqs-receipt-donation-money',
  GOODS: 'reqs-receipt-donation-resource',
};

export interface PublicOrigin {
  ip: string | null;
  requestId: string | null;
  userAgent: string | null;
}

export interface ReceiptRequestSubmitted {
  trackingNumber: string;
  /** The address the e-mails go to. */
  emailedTo: string;
}

export interface ReceiptRequestStatusView {
  number: string;
  kind: ReceiptRequestKind;
  status: string;
  unitNameTh: string;
  unitNameEn: string;
  submittedAt: Date;
  updatedAt: Date;
  /** Only when rejected. */
  rejectReason: string | null;
}

const fieldError = (field: string, messageTh: string, messageEn: string) =>
  validationError([{ field, messageTh, messageEn }]);

/** A file refusal (type, size, empty) also named under the form's evidence field. */
function asEvidenceError(err: unknown): unknown {
  if (!(err instanceof AppError)) return err;
  return new AppError(err.code, err.status, err.messageTh, err.messageEn, {
    ...err.details,
    fields: [{ field: 'evidence', messageTh: err.messageTh, messageEn: err.messageEn }],
  });
}

/** The postal address of a request as printed, or null (delivery by e-mail). */
export async function postalAddressOf(em: EntityManager, r: ReceiptRequest): Promise<string | null> {
  if (r.delivery !== 'POST') return null;
  return (await postalAddress(em, r.addressLine, r.subDistrict?.id ?? 0)) ?? r.addressLine;
}

/** What the e-mails of a request say about where it is and where the receipt goes. */
export async function mailContextOf(
  em: EntityManager,
  deps: AppDeps,
  r: ReceiptRequest,
): Promise<MailContext> {
  const unit = await em.findOneOrFail(OrganisationUnit, { id: r.receivingUnit.id });
  return {
    publicUrl: deps.config.publicUrl,
    unitNameTh: unit.nameTh,
    unitNameEn: unit.nameEn,
    postalAddress: await postalAddressOf(em, r),
  };
}

export class PublicReceiptRequestService {
  constructor(
    private readonly em: EntityManager,
    private readonly deps: AppDeps,
    private readonly origin: PublicOrigin,
  ) {}

  async submit(form: ReceiptRequestForm, evidence: IncomingFile | null): Promise<ReceiptRequestSubmitted> {
    // The evidence is judged before anything is written: an empty, oversized or disguised file is refused.
    if (!evidence && form.kind === 'MONEY')
      throw fieldError(
        'evidence',
        'กรุณาแนบหลักฐานการโอนเงินหรือการบริจาค (รูปภาพหรือ PDF)',
        'Attach the evidence of the donation, e.g. the transfer slip (an image or a PDF)',
      );
    if (evidence) {
      try {
        checkIncomingFile(evidence, this.deps.config.attachments);
      } catch (err) {
        throw asEvidenceError(err);
      }
    }
    const channel = RECEIPT_REQUEST_CHANNEL[form.kind];
    // The key's request: the form (the key left out) and the evidence's bytes (hashed), if any.
    const request = { ...form, evidence: evidence?.content };
    return this.em.transactional((tx) =>
      once(tx, PUBLIC_SITE_USER_ID, form.idempotencyKey, channel, request, async () => {
        const [unit] = await receivingUnitOptions(tx, form.kind, form.unitId);
        if (!unit)
          throw fieldError(
            'unitId',
            form.kind === 'MONEY'
              ? 'หน่วยงานที่เลือกไม่ได้รับเงินบริจาค กรุณาเลือกจากรายการ'
              : 'หน่วยงานที่เลือกไม่ได้รับบริจาคสิ่งของ กรุณาเลือกจากรายการ',
            'The unit chosen does not receive this kind of donation; choose one from the list',
          );
        const post = form.delivery === 'POST';
        if (post && form.subDistrict) {
          const [found] = await tx
            .getConnection()
            .execute<{ n: number }[]>(
              'select count(*)::int as n from geo_sub_district where id = ?',
              [form.subDistrict],
              'all',
              tx.getTransactionContext(),
            );
          if (!found?.n) throw fieldError('subDistrict', 'ไม่พบตำบล/แขวงที่เลือก', 'No such sub-district');
        }
        const { number, fiscalYear } = await allocateDocumentNumber(tx, RECEIPT_REQUEST_PREFIX);
        const request = tx.create(ReceiptRequest, {
          number,
          fiscalYear,
          kind: form.kind,
          status: receiptRequestWorkflow.initial,
          receivingUnit: unit.id,
          requesterType: form.requesterType,
          requesterName: form.requesterName,
          taxId: form.taxId,
          email: form.email,
          phone: form.phone,
          donatedOn: form.donatedOn,
          amount: form.kind === 'MONEY' ? form.amount : null,
          items: form.kind === 'GOODS' ? form.items : null,
          delivery: form.delivery,
          // Only what the delivery needs is kept.
          addressLine: post ? form.addressLine : null,
          subDistrict: post ? form.subDistrict : null,
          note: form.note,
          linkedDocumentType: null,
          linkedDocumentId: null,
          linkedNumber: null,
          updatedBy: null,
        });
        await tx.flush();
        if (evidence)
          await new AttachmentService(tx, this.deps.config.attachments, this.origin).addToNewOwner(
            tx,
            { kind: RECEIPT_REQUEST_FILES, id: request.id },
            evidence,
            PUBLIC_SITE_USER_ID,
          );
        recordConsent(tx, {
          subjectType: RECEIPT_REQUEST,
          subjectId: request.id,
          email: form.email,
          channel,
          purpose: CONSENT_PURPOSE,
          ip: this.origin.ip,
          userAgent: this.origin.userAgent,
        });
        recordHistory(tx, {
          documentType: RECEIPT_REQUEST,
          documentId: request.id,
          action: 'CREATE',
          fromStatus: null,
          toStatus: request.status,
          actorUserId: PUBLIC_SITE_USER_ID,
        });
        audit(tx, {
          event: 'RECEIPT_REQUEST_SUBMITTED',
          actorUserId: null,
          subject: `receipt-request:${request.id}`,
          details: {
            number,
            kind: form.kind,
            unitId: unit.id,
            channel,
            userAgent: this.origin.userAgent?.slice(0, 255) ?? null,
          },
          ip: this.origin.ip,
          requestId: this.origin.requestId,
        });
        this.deps.mailer.enqueue(tx, requestedMail(request, await mailContextOf(tx, this.deps, request)));
        await tx.flush();
        return { trackingNumber: number, emailedTo: form.email };
      }),
    );
  }

  /**
   * The status of a request by its tracking number and the e-mail it was sent with. A wrong e-mail
   * gets the same answer as an unknown number, so the page tells nothing about other people's requests.
   */
  async status(trackingNumber: string, email: string): Promise<ReceiptRequestStatusView> {
    const number = trackingNumber.trim().toUpperCase();
    const address = email.trim().toLowerCase();
    if (!number || !address)
      throw badInput(
        'กรุณาระบุเลขที่ติดตามและอีเมลที่ใช้ยื่นคำขอ',
        'Give the tracking number and the e-mail address the request was sent with',
      );
    const request = await this.em.findOne(
      ReceiptRequest,
      { number, email: address },
      { populate: ['receivingUnit'] },
    );
    if (!request)
      throw notFound(
        'ไม่พบคำขอตามเลขที่ติดตามและอีเมลที่ระบุ กรุณาตรวจสอบอีกครั้ง',
        'No request matches this tracking number and e-mail address; please check them',
      );
    const rejection =
      request.status === ReceiptRequestStatus.Rejected
        ? await this.em.findOne(
            DocumentHistory,
            { documentType: RECEIPT_REQUEST, documentId: request.id, action: 'REJECT' },
            { orderBy: { id: 'desc' } },
          )
        : null;
    const unit = request.receivingUnit.getEntity();
    return {
      number: request.number,
      kind: request.kind,
      status: request.status,
      unitNameTh: unit.nameTh,
      unitNameEn: unit.nameEn,
      submittedAt: request.createdAt,
      updatedAt: request.updatedAt,
      rejectReason: rejection?.reason ?? null,
    };
  }
}
