import { describe, expect, it } from 'vitest';
import type { Principal } from '../../platform/auth/principal';
import { AppError } from '../../platform/errors';
import {
  allowedActions,
  assertAllowed,
  checkWorkflow,
  type DocumentFacts,
  needsHistory,
  refusalOf,
  type WorkflowDecl,
} from './workflow';

// The decision every document action goes through: menu code, status, data scope, maker-checker.

const label = (en: string) => ({ th: en, en });
const wf: WorkflowDecl = {
  statuses: ['DRAFT', 'SUBMITTED', 'APPROVED_1', 'APPROVED_2', 'CANCELLED'].map((code) => ({
    code,
    label: label(code),
  })),
  initial: 'DRAFT',
  transitions: [
    { action: 'SUBMIT', label: label('Submit'), from: ['DRAFT'], to: 'SUBMITTED', menu: ['MN-031'] },
    {
      action: 'APPROVE_1',
      label: label('Approve 1'),
      from: ['SUBMITTED'],
      to: 'APPROVED_1',
      menu: ['MN-042'],
      approval: 1,
    },
    {
      action: 'APPROVE_2',
      label: label('Approve 2'),
      from: ['APPROVED_1'],
      to: 'APPROVED_2',
      menu: ['MN-045'],
      approval: 2,
    },
    {
      action: 'CANCEL_APPROVE_1',
      label: label('Cancel approval 1'),
      from: ['APPROVED_1'],
      to: 'SUBMITTED',
      menu: ['MN-043'],
      revokes: 1,
      reason: 'required',
    },
    {
      action: 'CANCEL',
      label: label('Cancel'),
      from: ['DRAFT', 'SUBMITTED'],
      to: 'CANCELLED',
      menu: ['MN-033'],
    },
  ],
};

const principal = (userId: number, codes: string[], unitPath: string | null = '/1/2/'): Principal => ({
  userId,
  sessionId: 's',
  kind: 'STAFF',
  username: `u${userId}`,
  groupCode: 'UG-S01',
  menuCodes: new Set(codes),
  unitId: 2,
  unitPath,
});
const all = ['MN-031', 'MN-033', 'MN-042', 'MN-043', 'MN-045'];
const doc = (
  status: string,
  history: DocumentFacts['history'] = [],
  ownerPath = '/1/2/7/',
): DocumentFacts => ({
  status,
  ownerPath,
  createdBy: 1,
  history,
});

describe('workflow rule', () => {
  it('offers the actions of the status the holder of the menu code may take', () => {
    expect(allowedActions(wf, doc('DRAFT'), principal(2, all))).toEqual(['SUBMIT', 'CANCEL']);
    expect(allowedActions(wf, doc('DRAFT'), principal(2, ['MN-033']))).toEqual(['CANCEL']);
    expect(allowedActions(wf, doc('CANCELLED'), principal(2, all))).toEqual([]);
  });

  it('refuses the maker an approval, and one person two levels, until a cancel-approve undoes the first', () => {
    expect(allowedActions(wf, doc('SUBMITTED'), principal(1, all))).toEqual(['CANCEL']);
    expect(allowedActions(wf, doc('SUBMITTED'), principal(2, all))).toEqual(['APPROVE_1', 'CANCEL']);
    const approved = doc('APPROVED_1', [
      { action: 'SUBMIT', actorUserId: 1 },
      { action: 'APPROVE_1', actorUserId: 2 },
    ]);
    expect(allowedActions(wf, approved, principal(2, all))).toEqual(['CANCEL_APPROVE_1']);
    expect(allowedActions(wf, approved, principal(3, all))).toEqual(['APPROVE_2', 'CANCEL_APPROVE_1']);
    const reopened = doc('SUBMITTED', [...approved.history, { action: 'CANCEL_APPROVE_1', actorUserId: 3 }]);
    expect(allowedActions(wf, reopened, principal(2, all))).toEqual(['APPROVE_1', 'CANCEL']);
  });

  it('reads the history only for an approval: every other action decides the same without it', () => {
    expect(wf.transitions.filter((t) => needsHistory(wf, t.action)).map((t) => t.action)).toEqual([
      'APPROVE_1',
      'APPROVE_2',
    ]);
    const history = [
      { action: 'SUBMIT', actorUserId: 1 },
      { action: 'APPROVE_1', actorUserId: 2 },
    ];
    for (const t of wf.transitions.filter((x) => !needsHistory(wf, x.action)))
      for (const status of wf.statuses.map((x) => x.code))
        for (const who of [principal(1, all), principal(2, all), principal(3, ['MN-031'])])
          expect(refusalOf(wf, t.action, doc(status, []), who)).toEqual(
            refusalOf(wf, t.action, doc(status, history), who),
          );
    // An approval does read it: the first level's approver may not give the second.
    expect(refusalOf(wf, 'APPROVE_2', doc('APPROVED_1', history), principal(2, all))?.reason).toBe(
      'SECOND_LEVEL',
    );
    expect(refusalOf(wf, 'APPROVE_2', doc('APPROVED_1', []), principal(2, all))).toBeNull();
  });

  it('refuses a document outside the data scope, and lets a system administrator reach it', () => {
    const elsewhere = doc('DRAFT', [], '/1/9/');
    expect(allowedActions(wf, elsewhere, principal(2, all))).toEqual([]);
    const admin = { ...principal(2, all, null), groupCode: 'UG-A01' };
    expect(allowedActions(wf, elsewhere, admin)).toEqual(['SUBMIT', 'CANCEL']);
  });

  it('throws 403 for menu and scope, 409 for status and maker-checker, with Thai and English', () => {
    const thrown = (fn: () => void) => {
      try {
        fn();
      } catch (err) {
        return err as AppError;
      }
      throw new Error('expected a refusal');
    };
    expect(thrown(() => assertAllowed(wf, 'SUBMIT', doc('DRAFT'), principal(2, []))).status).toBe(403);
    expect(
      thrown(() => assertAllowed(wf, 'SUBMIT', doc('DRAFT', [], '/1/9/'), principal(2, all))).status,
    ).toBe(403);
    const status = thrown(() => assertAllowed(wf, 'SUBMIT', doc('SUBMITTED'), principal(2, all)));
    expect([status.status, status.code]).toEqual([409, 'WORKFLOW_STATUS']);
    expect(status.messageTh).toContain('SUBMITTED');
    const maker = thrown(() => assertAllowed(wf, 'APPROVE_1', doc('SUBMITTED'), principal(1, all)));
    expect([maker.status, maker.code, maker.messageEn]).toEqual([
      409,
      'WORKFLOW_MAKER',
      'The maker of a document may not approve it',
    ]);
    expect(() => assertAllowed(wf, 'APPROVE_1', doc('SUBMITTED'), principal(2, all))).not.toThrow();
  });

  it('lets only the maker take a maker-only action (withdrawing a request), with 403 for anyone else', () => {
    const request: WorkflowDecl = {
      noun: { th: 'คำขอ', en: 'request' },
      statuses: [
        { code: 'P', label: { th: 'รออนุมัติ', en: 'Pending' } },
        { code: 'A', label: { th: 'อนุมัติแล้ว', en: 'Approved' } },
        { code: 'C', label: { th: 'ยกเลิกแล้ว', en: 'Cancelled' } },
      ],
      initial: 'P',
      transitions: [
        { action: 'APPROVE', label: label('Approve'), from: ['P'], to: 'A', menu: ['MN-005'], approval: 1 },
        { action: 'CANCEL', label: label('Cancel'), from: ['P'], to: 'C', menu: ['MN-006'], by: 'maker' },
      ],
    };
    const codes = ['MN-005', 'MN-006'];
    // Whose scope decides differs by action: the destination approves, the maker cancels from home.
    const facts = (action: string) => doc('P', [], action === 'CANCEL' ? '/1/2/' : '/1/2/7/');
    expect(allowedActions(request, facts, principal(1, codes))).toEqual(['CANCEL']);
    expect(allowedActions(request, facts, principal(2, codes))).toEqual(['APPROVE']);
    expect(allowedActions(request, (a) => ({ ...facts(a), status: 'A' }), principal(1, codes))).toEqual([]);
    let refused: AppError | null = null;
    try {
      assertAllowed(request, 'CANCEL', facts('CANCEL'), principal(2, codes));
    } catch (err) {
      refused = err as AppError;
    }
    expect([refused?.status, refused?.code, refused?.details]).toEqual([
      403,
      'FORBIDDEN',
      { reason: 'NOT_MAKER', action: 'CANCEL' },
    ]);
    expect(refused?.messageEn).toBe('Only the maker of the request may take "Cancel"');
    // The declared noun names the thing in every refusal.
    expect(refusalOf(request, 'APPROVE', facts('APPROVE'), principal(1, codes))).toEqual({
      reason: 'MAKER',
      th: 'ผู้จัดทำคำขออนุมัติคำขอของตนเองไม่ได้',
      en: 'The maker of a request may not approve it',
    });
    expect(() =>
      checkWorkflow('X', {
        ...request,
        transitions: [{ ...request.transitions[0], by: 'maker' }],
      }),
    ).toThrow(/only its maker/);
  });

  it('refuses a declaration with an undeclared status or a duplicate action', () => {
    expect(() => checkWorkflow('X', { ...wf, initial: 'NOPE' })).toThrow(/initial status NOPE/);
    expect(() => checkWorkflow('X', { ...wf, transitions: [...wf.transitions, wf.transitions[0]] })).toThrow(
      /duplicate action SUBMIT/,
    );
    expect(() => checkWorkflow('X', wf)).not.toThrow();
  });
});
