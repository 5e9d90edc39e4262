import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../../kits/core/user.entity';
import { recordHistory } from '../../kits/workflow/history';
import { allowedActions, assertAllowed, type DocumentFacts } from '../../kits/workflow/workflow';
import { audit } from '../../platform/audit/audit';
import { notePersonalDataRead } from '../../platform/audit/personal-data-reads';
import { auditRefusal } from '../../platform/auth/access-guard';
import type { Principal } from '../../platform/auth/principal';
import type { AppDeps } from '../../platform/deps';
import { AppError, badInput, conflict, notFound } from '../../platform/errors';
import { donator } from '../reference';
import { anonymiseDonor } from './anonymise';
import { deletionRejectedMail } from './personal-data.mail';
import { deletionWorkflow, PERSONAL_DATA_DELETION } from './personal-data.workflow';
import { collectPersonalData, type PersonalDataExport } from './personal-data-export';
import { PersonalDataRequest } from './personal-data-request.entity';

// A donor's rights over their data from their account (see and download it, ask for deletion), and
// the staff side of deletion requests (docs/public-site.md). The workflow rule decides who may act
// (edit-donator MN-020, the whole organisation's scope); every staff read of a request is audited.

export interface RequestOrigin {
  ip: string | null;
  requestId: string | null;
}

export type DeletionAction = 'COMPLETE' | 'REJECT';

/** A request as staff read it: the account and the person's donator records, and what they may do. */
export interface StaffRequestView {
  request: PersonalDataRequest;
  account: {
    userId: number;
    email: string;
    firstNameTh: string;
    lastNameTh: string;
    citizenId: string | null;
  };
  donors: { id: number; code: string; donorType: string; nameTh: string; taxId: string | null }[];
  allowedActions: string[];
  decidedByName: string | null;
}

const noRequest = (id: number) =>
  notFound(`ไม่พบคำขอลบข้อมูลส่วนบุคคลเลขที่ ${id}`, `No personal data request ${id}`);

export class PersonalDataService {
  constructor(
    private readonly em: EntityManager,
    private readonly deps: AppDeps,
    private readonly origin: RequestOrigin,
  ) {}

  /** The donor's own data; each look is audited (PERSONAL_DATA_EXPORTED, page or json). */
  async exportFor(principal: Principal, format: 'page' | 'json'): Promise<PersonalDataExport> {
    const data = await collectPersonalData(this.em, principal.userId);
    const fork = this.em.fork();
    audit(fork, {
      event: 'PERSONAL_DATA_EXPORTED',
      actorUserId: principal.userId,
      subject: `user:${principal.userId}`,
      details: { format, donators: data.donors.map((d) => d.id) },
      ip: this.origin.ip,
      requestId: this.origin.requestId,
    });
    await fork.flush();
    return data;
  }

  /** The donor asks for deletion; one open request at a time (409). */
  async requestDeletion(principal: Principal, reason: string | null): Promise<PersonalDataRequest> {
    const text = reason?.trim() || null;
    if (text && [...text].length > 1000)
      throw badInput('เหตุผลยาวได้ไม่เกิน 1,000 ตัวอักษร', 'The reason can be at most 1,000 characters');
    return this.em.transactional(async (tx) => {
      // Two clicks at once queue here; the partial unique index stands behind it.
      await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [
        `personal-data-request:${principal.userId}`,
      ]);
      if (
        await tx.count(PersonalDataRequest, { user: principal.userId, kind: 'DELETION', status: 'REQUESTED' })
      )
        throw conflict(
          'ท่านมีคำขอลบข้อมูลที่รอดำเนินการอยู่แล้ว',
          'You already have a deletion request waiting to be handled',
        );
      const request = tx.create(PersonalDataRequest, {
        user: principal.userId,
        kind: 'DELETION',
        status: deletionWorkflow.initial,
        reason: text,
        decidedBy: null,
        decidedAt: null,
        decisionNote: null,
        outcome: null,
      });
      await tx.flush();
      recordHistory(tx, {
        documentType: PERSONAL_DATA_DELETION,
        documentId: request.id,
        action: 'CREATE',
        fromStatus: null,
        toStatus: request.status,
        reason: text,
        actorUserId: principal.userId,
      });
      audit(tx, {
        event: 'PERSONAL_DATA_DELETION_REQUESTED',
        actorUserId: principal.userId,
        subject: `personal-data-request:${request.id}`,
        ip: this.origin.ip,
        requestId: this.origin.requestId,
      });
      await tx.flush();
      return request;
    });
  }

  /** The requests, newest first (REQUESTED ones first when no status is given); reads are audited. */
  async list(principal: Principal, status: string | null): Promise<StaffRequestView[]> {
    if (status && !deletionWorkflow.statuses.some((s) => s.code === status))
      throw badInput(
        `ไม่มีสถานะ ${status} (มี: ${deletionWorkflow.statuses.map((s) => s.code).join(', ')})`,
        `No status ${status}`,
        { field: 'status' },
      );
    const requests = await this.em.find(PersonalDataRequest, status ? { status } : {}, {
      orderBy: { requestedAt: 'desc', id: 'desc' },
      limit: 200,
    });
    const ordered = status
      ? requests
      : [...requests].sort((a, b) => Number(b.status === 'REQUESTED') - Number(a.status === 'REQUESTED'));
    return this.views(principal, ordered);
  }

  private async views(principal: Principal, requests: PersonalDataRequest[]): Promise<StaffRequestView[]> {
    if (!requests.length) return [];
    const userIds = [
      ...new Set(requests.flatMap((r) => [r.user.id, ...(r.decidedBy ? [r.decidedBy.id] : [])])),
    ];
    const users = new Map((await this.em.find(User, { id: { $in: userIds } })).map((u) => [u.id, u]));
    const links = await this.em.getConnection().execute<
      {
        user_id: number;
        id: number;
        code: string;
        donor_type: string;
        name_th: string;
        tax_id: string | null;
      }[]
    >(
      `select l.user_id, d.id, d.code, d.donor_type, d.name_th, d.tax_id
         from donor_link l join ref_donator d on d.id = l.donator_id
        where l.user_id = any(?::int[]) and lower(d.email) = l.verified_email order by d.code`,
      [`{${userIds.join(',')}}`],
    );
    const root = await this.rootPath();
    notePersonalDataRead(
      principal,
      'DONOR_ACCOUNT',
      requests.map((r) => r.user.id),
      'personalDataRequests',
    );
    notePersonalDataRead(
      principal,
      donator.type,
      links.map((l) => l.id),
      'personalDataRequests',
    );
    return requests.map((request) => {
      const user = users.get(request.user.id);
      const decider = request.decidedBy ? users.get(request.decidedBy.id) : undefined;
      return {
        request,
        account: {
          userId: request.user.id,
          email: user?.email ?? '',
          firstNameTh: user?.firstNameTh ?? '',
          lastNameTh: user?.lastNameTh ?? '',
          citizenId: user?.citizenId ?? null,
        },
        donors: links
          .filter((l) => l.user_id === request.user.id)
          .map((l) => ({
            id: l.id,
            code: l.code,
            donorType: l.donor_type,
            nameTh: l.name_th,
            taxId: l.tax_id,
          })),
        allowedActions: allowedActions(deletionWorkflow, this.facts(request, root), principal),
        decidedByName: decider ? `${decider.firstNameTh} ${decider.lastNameTh}` : null,
      };
    });
  }

  /**
   * COMPLETE anonymises the person (anonymise.ts) and REJECT (a reason required) mails the donor why,
   * each in one transaction with the request's status, history and audit.
   */
  async decide(
    principal: Principal,
    requestId: number,
    action: string,
    note: string | null,
  ): Promise<StaffRequestView> {
    const text = note?.trim() || null;
    if (action !== 'COMPLETE' && action !== 'REJECT')
      throw badInput(`ไม่มีการดำเนินการ ${action} (มี: COMPLETE, REJECT)`, `No action ${action}`, {
        field: 'action',
      });
    if (action === 'REJECT' && !text)
      throw badInput('กรุณาระบุเหตุผลที่ไม่ดำเนินการตามคำขอ', 'A reason is required to reject the request', {
        field: 'note',
      });
    if (text && [...text].length > 1000)
      throw badInput('หมายเหตุยาวได้ไม่เกิน 1,000 ตัวอักษร', 'The note can be at most 1,000 characters', {
        field: 'note',
      });
    const root = await this.rootPath();
    try {
      await this.em.transactional(async (tx) => {
        const request = await tx.findOne(
          PersonalDataRequest,
          { id: requestId },
          { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
        );
        if (!request) throw noRequest(requestId);
        assertAllowed(deletionWorkflow, action, this.facts(request, root), principal);
        const from = request.status;
        const to = deletionWorkflow.transitions.find((t) => t.action === action)?.to as string;
        if (action === 'COMPLETE') {
          request.outcome = await anonymiseDonor(tx, request.user.id, principal.userId);
        } else {
          const user = await tx.findOneOrFail(User, { id: request.user.id });
          this.deps.mailer.enqueue(
            tx,
            deletionRejectedMail(user.email, text as string, this.deps.config.publicUrl),
          );
        }
        Object.assign(request, {
          status: to,
          decidedBy: tx.getReference(User, principal.userId, { wrapped: true }),
          decidedAt: new Date(),
          decisionNote: text,
        });
        recordHistory(tx, {
          documentType: PERSONAL_DATA_DELETION,
          documentId: request.id,
          action,
          fromStatus: from,
          toStatus: to,
          reason: text,
          actorUserId: principal.userId,
        });
        audit(tx, {
          event: action === 'COMPLETE' ? 'PERSONAL_DATA_ANONYMISED' : 'PERSONAL_DATA_DELETION_REJECTED',
          actorUserId: principal.userId,
          subject: `personal-data-request:${request.id} user:${request.user.id}`,
          details: request.outcome ?? { note: text },
          ip: this.origin.ip,
          requestId: this.origin.requestId,
        });
        await tx.flush();
      });
    } catch (err) {
      if (err instanceof AppError && typeof err.details?.action === 'string')
        await auditRefusal(
          this.em,
          principal,
          `personal data request ${err.details.action}`,
          {
            reason: err.details.reason,
          },
          this.origin,
        );
      throw err;
    }
    const fresh = await this.em.fork().findOneOrFail(PersonalDataRequest, { id: requestId });
    const [view] = await new PersonalDataService(this.em.fork(), this.deps, this.origin).views(principal, [
      fresh,
    ]);
    return view as StaffRequestView;
  }

  private facts(request: PersonalDataRequest, rootPath: string): DocumentFacts {
    return { status: request.status, ownerPath: rootPath, createdBy: request.user.id, history: [] };
  }

  /** The organisation tree's root (the ministry): the owner of every deletion request. */
  private async rootPath(): Promise<string> {
    const [root] = await this.em
      .getConnection()
      .execute<{ path: string }[]>(
        'select path from organisation_unit where parent_id is null order by id limit 1',
      );
    return root?.path ?? '/';
  }
}
