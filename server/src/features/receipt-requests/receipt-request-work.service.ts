import { type FilterQuery, LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { OrganisationUnit } from '../../kits/core/organisation.entity';
import { PUBLIC_SITE_USER_ID } from '../../kits/core/people-names';
import { validationError } from '../../kits/reference/reference-check';
import { recordHistory } from '../../kits/workflow/history';
import { allowedActions, assertAllowed, type DocumentFacts } from '../../kits/workflow/workflow';
import { notePersonalDataRead } from '../../platform/audit/personal-data-reads';
import { auditRefusal } from '../../platform/auth/access-guard';
import { inScope, scopePathCondition } from '../../platform/auth/data-scope';
import { checkedPeriod, unitSubtreePath } from '../../platform/auth/period-scope';
import type { Principal } from '../../platform/auth/principal';
import { parseIsoDay, startOfBangkokDay } from '../../platform/dates';
import { containsPattern, prefixPattern } from '../../platform/db/like';
import type { AppDeps } from '../../platform/deps';
import { AppError, badInput, notFound } from '../../platform/errors';
import { ReceiptRequest, type ReceiptRequestKind } from './receipt-request.entity';
import { inProgressMail, issuedMail, rejectedMail } from './receipt-request.mail';
import { mailContextOf } from './receipt-request.service';
import {
  RECEIPT_REQUEST,
  RECEIPT_REQUEST_HISTORY_MENU,
  RECEIPT_REQUEST_WORK_MENU,
  ReceiptRequestStatus,
  receiptRequestWorkflow as wf,
} from './receipt-request.workflow';
import {
  candidateDonations,
  donationByNumber,
  LINKED_TYPE,
  type LinkedDonation,
  linkedDonation,
  notReadyToIssue,
} from './receipt-request-donations';

// The back office's side of receipt requests: the queue and the history (MN-053, MN-059) within the
// caller's data scope (the receiving unit's subtree, the one rule of platform/auth/data-scope), the
// details, the donations that may be linked, and the actions (TAKE, LINK, ISSUE, REJECT) on the one
// workflow rule, each with its history line and, at every change of status, its e-mail.

export interface ReceiptRequestSearch {
  /** Only requests still to be worked (REQUESTED, IN_PROGRESS): the queue. */
  open?: boolean | null;
  status?: string | null;
  kind?: ReceiptRequestKind | null;
  /** Sent from this day (yyyy-mm-dd, Bangkok), inclusive. */
  from?: string | null;
  to?: string | null;
  /** The subtree of this unit (within the caller's scope, else 403). */
  unitCode?: string | null;
  /** Text in the tracking number, the requester's name, e-mail or id, or the linked donation's number. */
  search?: string | null;
  currentPage: number;
  rows: number;
  sort?: string | null;
  direction?: string | null;
}

export interface ReceiptRequestActionInput {
  action: string;
  reason?: string | null;
  donationNumber?: string | null;
}

export interface StaffOrigin {
  ip: string | null;
  requestId: string | null;
}

const sortable = ['createdAt', 'number', 'donatedOn', 'status'];
const REASON_MAX = 1000;

const noRequest = (id: number) => notFound('ไม่พบคำขอหลักฐานการบริจาค', `No receipt request ${id}`);

const refused = (code: string, messageTh: string, messageEn: string) =>
  new AppError(code, 409, messageTh, messageEn);

/** The start of a checked ISO day in Bangkok, or of the day after (`next`). */
function dayStart(isoDay: string, next = false): Date {
  const day = parseIsoDay(isoDay);
  if (!day) throw new Error(`not a checked day: ${isoDay}`);
  const start = startOfBangkokDay(day);
  return next ? new Date(start.getTime() + 86_400_000) : start;
}

/** The request as the workflow rule sees it: owned by the receiving unit, made by the public site. */
export function factsOf(request: ReceiptRequest, unitPath: string): DocumentFacts {
  return { status: request.status, ownerPath: unitPath, createdBy: PUBLIC_SITE_USER_ID, history: [] };
}

/** The actions the principal may take on the request now (no history needed: no approvals). */
export function requestActions(principal: Principal, request: ReceiptRequest, unitPath: string): string[] {
  return allowedActions(wf, factsOf(request, unitPath), principal);
}

const mayRead = (principal: Principal) =>
  principal.menuCodes.has(RECEIPT_REQUEST_WORK_MENU) || principal.menuCodes.has(RECEIPT_REQUEST_HISTORY_MENU);

export class ReceiptRequestWorkService {
  constructor(
    private readonly em: EntityManager,
    private readonly deps: AppDeps,
    private readonly origin: StaffOrigin = { ip: null, requestId: null },
  ) {}

  /** One page of requests in the caller's scope, newest first unless sorted otherwise. */
  async list(
    principal: Principal,
    q: ReceiptRequestSearch,
  ): Promise<{ items: ReceiptRequest[]; total: number }> {
    const sort = q.sort || 'createdAt';
    if (!sortable.includes(sort))
      throw badInput(
        `เรียงตาม ${sort} ไม่ได้ (ได้: ${sortable.join(', ')})`,
        `Cannot sort by ${sort} (sortable: ${sortable.join(', ')})`,
      );
    const direction = (q.direction ?? (q.sort ? 'asc' : 'desc')).toLowerCase();
    if (direction !== 'asc' && direction !== 'desc')
      throw badInput('ทิศทางการเรียงต้องเป็น asc หรือ desc', 'direction must be asc or desc');
    const where: FilterQuery<ReceiptRequest>[] = [];
    const scope = scopePathCondition(principal);
    if (scope) where.push({ receivingUnit: { path: scope } });
    if (q.open)
      where.push({ status: { $in: [ReceiptRequestStatus.Requested, ReceiptRequestStatus.InProgress] } });
    const status = q.status?.trim();
    if (status) {
      const known = wf.statuses.map((s) => s.code);
      if (!known.includes(status))
        throw badInput(
          `ไม่มีสถานะ ${status} (มี: ${known.join(', ')})`,
          `No status ${status} (statuses: ${known.join(', ')})`,
          {
            field: 'status',
          },
        );
      where.push({ status });
    }
    if (q.kind) where.push({ kind: q.kind });
    const period = checkedPeriod(q);
    if (period.from) where.push({ createdAt: { $gte: dayStart(period.from) } });
    if (period.to) where.push({ createdAt: { $lt: dayStart(period.to, true) } });
    const unitPath = await unitSubtreePath(this.em, principal, q.unitCode, () =>
      auditRefusal(this.em, principal, 'receipt requests unit', { unitCode: q.unitCode }, this.origin),
    );
    if (unitPath) where.push({ receivingUnit: { path: { $like: prefixPattern(unitPath) } } });
    const text = q.search?.trim();
    if (text) {
      if ([...text].length > 100)
        throw badInput('คำค้นยาวได้ไม่เกิน 100 ตัวอักษร', 'Search text: at most 100 characters');
      const like = containsPattern(text);
      const digits = /^[\d\s-]+$/.test(text) ? text.replace(/\D/g, '') : '';
      where.push({
        $or: [
          { number: { $ilike: like } },
          { requesterName: { $ilike: like } },
          { email: { $ilike: like } },
          { linkedNumber: { $ilike: like } },
          ...(digits ? [{ taxId: { $like: containsPattern(digits) } }] : []),
        ],
      });
    }
    const [items, total] = await this.em.findAndCount(ReceiptRequest, where.length ? { $and: where } : {}, {
      orderBy: { [sort]: direction, id: direction },
      limit: q.rows,
      offset: (q.currentPage - 1) * q.rows,
      populate: ['receivingUnit'],
    });
    // The list shows names, e-mails and ids: a read of each request on the page.
    notePersonalDataRead(
      principal,
      RECEIPT_REQUEST,
      items.map((r) => r.id),
      'receiptRequests',
    );
    return { items, total };
  }

  /**
   * One request in the caller's scope, else 404 (the id tells nothing about other units). Reading it
   * shows a person's data: the read is noted for the request's one PERSONAL_DATA_READ event
   * (platform/audit/personal-data-reads), `via` the field or route that showed it.
   */
  async get(principal: Principal, id: number, via = 'receiptRequest'): Promise<ReceiptRequest> {
    const request = await this.em.findOne(ReceiptRequest, { id }, { populate: ['receivingUnit'] });
    if (!request || !mayRead(principal) || !inScope(principal, request.receivingUnit.getEntity().path)) {
      if (request) await auditRefusal(this.em, principal, `receipt-request:${id} read`, {}, this.origin);
      throw noRequest(id);
    }
    notePersonalDataRead(principal, RECEIPT_REQUEST, [request.id], via);
    return request;
  }

  /** Donations the caller may link the request to (in scope, its kind, same id or day). */
  async candidates(principal: Principal, id: number): Promise<LinkedDonation[]> {
    const request = await this.get(principal, id, 'receiptRequestCandidates');
    return candidateDonations(this.em, principal, request);
  }

  /** TAKE, LINK, ISSUE or REJECT, in one transaction that locks the request first. */
  async act(principal: Principal, id: number, input: ReceiptRequestActionInput): Promise<ReceiptRequest> {
    const t = wf.transitions.find((x) => x.action === input.action);
    if (!t) throw badInput(`ไม่มีการดำเนินการ ${input.action}`, `No action ${input.action}`);
    const refusal: { target?: string; details?: Record<string, unknown> } = {};
    try {
      return await this.em.transactional(async (tx) => {
        // Of two people acting at once the second waits here, then reads the first one's status.
        const request = await tx.findOne(
          ReceiptRequest,
          { id },
          { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
        );
        if (!request) throw noRequest(id);
        const unit = await tx.findOneOrFail(OrganisationUnit, { id: request.receivingUnit.id });
        if (!inScope(principal, unit.path)) {
          Object.assign(refusal, {
            target: `receipt-request:${id} ${t.action}`,
            details: { reason: 'SCOPE' },
          });
          throw noRequest(id);
        }
        try {
          assertAllowed(wf, t.action, factsOf(request, unit.path), principal);
        } catch (err) {
          Object.assign(refusal, {
            target: `receipt-request:${id} ${t.action}`,
            details: { reason: err instanceof AppError ? err.details?.reason : null },
          });
          throw err;
        }
        const reason = this.reasonFor(t.reason, input.reason);
        let note = reason;
        let donation: LinkedDonation | null = null;
        if (t.action === 'LINK') {
          donation = await this.donationToLink(tx, principal, request, input.donationNumber);
          Object.assign(request, {
            linkedDocumentType: donation.documentType,
            linkedDocumentId: donation.id,
            linkedNumber: donation.number,
          });
          note = donation.number;
        }
        if (t.action === 'ISSUE') donation = await this.readyToIssue(tx, request);
        const from = request.status;
        Object.assign(request, { status: t.to, updatedBy: principal.userId });
        recordHistory(tx, {
          documentType: RECEIPT_REQUEST,
          documentId: request.id,
          action: t.action,
          fromStatus: from,
          toStatus: t.to,
          reason: note,
          actorUserId: principal.userId,
        });
        if (from !== t.to) {
          const context = await mailContextOf(tx, this.deps, request);
          const message =
            t.action === 'TAKE'
              ? inProgressMail(request, context)
              : t.action === 'ISSUE'
                ? issuedMail(request, context, donation as LinkedDonation)
                : rejectedMail(request, context, reason as string);
          this.deps.mailer.enqueue(tx, message);
        }
        await tx.flush();
        return request;
      });
    } catch (err) {
      if (refusal.target)
        await auditRefusal(this.em, principal, refusal.target, refusal.details ?? {}, this.origin);
      throw err;
    }
  }

  private reasonFor(
    rule: 'required' | 'optional' | undefined,
    given: string | null | undefined,
  ): string | null {
    const reason = given?.trim() || null;
    if (!rule) return null;
    if (!reason && rule === 'required')
      throw validationError([
        { field: 'reason', messageTh: 'กรุณาระบุเหตุผลที่ไม่อนุมัติ', messageEn: 'A reason is required' },
      ]);
    if (reason && [...reason].length > REASON_MAX)
      throw validationError([
        {
          field: 'reason',
          messageTh: `เหตุผลยาวได้ไม่เกิน ${REASON_MAX} ตัวอักษร`,
          messageEn: `The reason may be at most ${REASON_MAX} characters`,
        },
      ]);
    return reason;
  }

  /** The donation named for LINK: of the request's kind, in the caller's scope, not cancelled or taken. */
  private async donationToLink(
    tx: EntityManager,
    principal: Principal,
    request: ReceiptRequest,
    number: string | null | undefined,
  ): Promise<LinkedDonation> {
    const fail = (messageTh: string, messageEn: string) =>
      validationError([{ field: 'donationNumber', messageTh, messageEn }]);
    const given = number?.trim();
    if (!given) throw fail('กรุณาระบุเลขที่รายการรับบริจาค', 'The donation’s number is required');
    const donation = await donationByNumber(tx, principal, request, given);
    const kind =
      request.kind === 'MONEY'
        ? { th: 'รับเงินบริจาค', en: 'money donation' }
        : { th: 'รับบริจาคสิ่งของ', en: 'goods donation' };
    // Another unit's donation and one that does not exist get the same answer.
    if (!donation)
      throw fail(`ไม่พบรายการ${kind.th}เลขที่ ${given} ในหน่วยงานของท่าน`, `No ${kind.en} ${given} in your units`);
    if (donation.documentType !== LINKED_TYPE[request.kind] || donation.status === 'CANCELLED')
      throw fail(`รายการ ${donation.number} ถูกยกเลิกแล้ว`, `Donation ${donation.number} was cancelled`);
    if (donation.linkedRequestNumber)
      throw refused(
        'ALREADY_LINKED',
        `รายการ ${donation.number} เชื่อมกับคำขอ ${donation.linkedRequestNumber} อยู่แล้ว (หนึ่งรายการรับบริจาคออกหลักฐานได้ครั้งเดียว)`,
        `Donation ${donation.number} is already linked to request ${donation.linkedRequestNumber} (one receipt per donation)`,
      );
    return donation;
  }

  /** ISSUE needs a linked donation whose receipt (money) or receipt into stock (goods) exists. */
  private async readyToIssue(tx: EntityManager, request: ReceiptRequest): Promise<LinkedDonation> {
    const donation = await linkedDonation(tx, request);
    if (!donation)
      throw refused(
        'NOT_LINKED',
        'กรุณาเชื่อมคำขอกับรายการรับบริจาคก่อนออกหลักฐาน',
        'Link the request to its donation before issuing',
      );
    const why = notReadyToIssue(donation);
    if (why) throw refused('RECEIPT_NOT_READY', why.th, why.en);
    return donation;
  }
}
