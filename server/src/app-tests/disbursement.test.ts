import { ref } from '@mikro-orm/core';
import { describe, expect, it } from 'vitest';
import { newUser } from '../features/users/user.service';
import { OrganisationUnit } from '../kits/core/organisation.entity';
import { RequestStatus, UserStatus } from '../kits/core/user.entity';
import { documentTypes } from '../kits/documents/document-types';
import { verifyLedger } from '../kits/ledger/ledger-checks';
import { menuCatalogue } from '../platform/auth/menu-catalogue';
import { bearer, sessionToken } from '../testing/auth-helpers';

// Issue 12, parts 2 and 3: resource disbursements (MN-067..MN-073) and money disbursements
// (MN-074..MN-080), with their delivery (MN-081/083, MN-085/087) and completion, through the API on
// the real database. officer.demo (OPS-P38-SDW) saves and delivers; approver1.demo (OPS-P38) and
// approver2.demo (OPS) approve. Approval reserves (stock: available drops, on hand does not; money:
// available drops, the balance does not); every cancel undoes what its status had posted.

import {
  act,
  admin,
  approver,
  create,
  type Doc,
  deliverAll,
  funded,
  type GqlError,
  gql,
  ids,
  M,
  moneyInput,
  moneyOf,
  officer,
  ok,
  pending,
  R,
  RECEIVED,
  resourceInput,
  sql,
  stocked,
  stockOf,
  TRANSFERRED,
  t,
  today,
  totals,
  useDisbursementHarness,
} from '../testing/disbursement-harness';

useDisbursementHarness();

describe('resource disbursement', () => {
  it('reserves on approval (first expiry first out), delivers, completes; every undo gives back what it took', async () => {
    const item = await stocked([
      { lot: 'LATE', quantity: '10', expiryDate: '2031-01-01' },
      { lot: 'EARLY', quantity: '5', expiryDate: '2030-01-01' },
    ]);
    const doc = await pending(R, resourceInput(ids.SDW, [{ resource: item, quantity: '8' }]));
    expect(doc.status).toBe('PENDING_APPROVAL');
    // Saving and submitting reserve nothing.
    expect(totals(await stockOf(item))).toEqual({ onHand: 15, reserved: 0, available: 15 });
    // The officer has no approval menu; the administrator, who has every menu, may not approve their own.
    const own = await act(R, doc, 'APPROVE', officer);
    expect(own.error?.extensions).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    const asMaker = await create(R, resourceInput(ids.SDW, [{ resource: item, quantity: '1' }]), admin);
    const submitted = await ok(R, asMaker.doc, 'SUBMIT', admin);
    const self = await act(R, submitted, 'APPROVE', admin);
    expect(self.error?.extensions).toMatchObject({ status: 409, code: 'WORKFLOW_MAKER' });
    expect(self.error?.extensions?.messageTh).toMatch(/[ก-๙]/);
    await ok(R, submitted, 'CANCEL', admin);
    expect(totals(await stockOf(item))).toEqual({ onHand: 15, reserved: 0, available: 15 });

    const approved = await ok(R, doc, 'APPROVE', approver);
    expect(approved.status).toBe('APPROVED');
    // Split first expiry first: 5 from EARLY, 3 from LATE; on hand stays, available drops by 8.
    expect(approved.lines.map((l) => [l.values.lot, l.values.quantity])).toEqual([
      ['EARLY', '5.000'],
      ['LATE', '3.000'],
    ]);
    expect((await stockOf(item)).map((s) => [s.lot, s.onHand, s.reserved, s.available])).toEqual([
      ['EARLY', '5.000', '5.000', '0.000'],
      ['LATE', '10.000', '3.000', '7.000'],
    ]);

    // Cancel-approve needs a reason, then releases: back to PENDING_APPROVAL, nothing reserved.
    const noReason = await act(R, approved, 'CANCEL_APPROVE', approver);
    expect(noReason.error?.extensions).toMatchObject({ status: 400, code: 'BAD_INPUT' });
    expect(totals(await stockOf(item)).reserved).toBe(8);
    const revoked = await ok(R, approved, 'CANCEL_APPROVE', approver, { reason: 'จำนวนไม่ถูกต้อง' });
    expect(revoked.status).toBe('PENDING_APPROVAL');
    expect(totals(await stockOf(item))).toEqual({ onHand: 15, reserved: 0, available: 15 });

    // Approved again (the revoked approver may), then delivered in part: 5 + 2 go out, 1 is released.
    const again = await ok(R, revoked, 'APPROVE', approver);
    expect(totals(await stockOf(item))).toEqual({ onHand: 15, reserved: 8, available: 7 });
    const tooMany = await act(R, again, 'DELIVER', officer, {
      header: RECEIVED(),
      lines: again.lines.map((l) => ({ id: l.id, values: { deliveredQuantity: '9' } })),
    });
    expect(tooMany.error?.extensions).toMatchObject({ status: 400, code: 'BAD_INPUT' });
    expect(totals(await stockOf(item))).toEqual({ onHand: 15, reserved: 8, available: 7 });
    const delivered = await ok(R, again, 'DELIVER', officer, {
      header: RECEIVED(),
      lines: [
        { id: again.lines[0].id, values: { deliveredQuantity: '5' } },
        { id: again.lines[1].id, values: { deliveredQuantity: '2' } },
      ],
    });
    expect(delivered.status).toBe('DELIVERED');
    expect(delivered.header).toMatchObject({ deliveredOn: today(), receivedBy: 'นายสมชาย รับของ' });
    expect(totals(await stockOf(item))).toEqual({ onHand: 8, reserved: 0, available: 8 });

    // Something downstream (the delivery) depends on the approval: cancel-approve is refused.
    const late = await act(R, delivered, 'CANCEL_APPROVE', approver, { reason: 'สายไป' });
    expect(late.error?.extensions).toMatchObject({ status: 409, code: 'WORKFLOW_STATUS' });

    // Cancelling the delivery puts the goods back, reserved for the recipient again.
    const undelivered = await ok(R, delivered, 'CANCEL_DELIVERY', officer, { reason: 'ส่งผิดที่' });
    expect(undelivered.status).toBe('APPROVED');
    expect(undelivered.header).toMatchObject({ deliveredOn: null, receivedBy: null });
    expect(undelivered.lines.map((l) => l.values.deliveredQuantity)).toEqual([null, null]);
    expect(totals(await stockOf(item))).toEqual({ onHand: 15, reserved: 8, available: 7 });

    const done = await ok(R, undelivered, 'DELIVER', officer, deliverAll(undelivered));
    expect(totals(await stockOf(item))).toEqual({ onHand: 7, reserved: 0, available: 7 });
    const completed = await ok(R, done, 'COMPLETE', officer, {
      header: { resultDate: today(), beneficiaries: 40, outcome: 'แจกครบทุกครัวเรือน' },
    });
    expect(completed.status).toBe('COMPLETED');
    // Only the result's own edit and cancel remain (disbursement-result.test.ts).
    expect(completed.allowedActions.filter((a) => !a.endsWith('_RESULT'))).toEqual([]);
    const cancelDone = await act(R, completed, 'CANCEL', officer, { reason: 'x' });
    expect(cancelDone.error?.extensions).toMatchObject({ status: 409, code: 'WORKFLOW_STATUS' });
    expect(totals(await stockOf(item))).toEqual({ onHand: 7, reserved: 0, available: 7 });
  });

  it('cancels at every status, undoing the reservation or the delivery', async () => {
    const item = await stocked([{ lot: 'A', quantity: '20', expiryDate: null }]);
    const line = [{ resource: item, quantity: '4' }];
    const draft = (await create(R, resourceInput(ids.SDW, line))).doc;
    expect((await ok(R, draft, 'CANCEL', officer)).status).toBe('CANCELLED');
    const waiting = await pending(R, resourceInput(ids.SDW, line));
    expect((await ok(R, waiting, 'CANCEL', officer)).status).toBe('CANCELLED');
    expect(totals(await stockOf(item))).toEqual({ onHand: 20, reserved: 0, available: 20 });

    const approved = await ok(R, await pending(R, resourceInput(ids.SDW, line)), 'APPROVE', approver);
    expect(totals(await stockOf(item))).toEqual({ onHand: 20, reserved: 4, available: 16 });
    const cancelled = await ok(R, approved, 'CANCEL', officer, { reason: 'ผู้รับไม่ต้องการแล้ว' });
    expect(cancelled.status).toBe('CANCELLED');
    expect(cancelled.allowedActions).toEqual([]);
    expect(totals(await stockOf(item))).toEqual({ onHand: 20, reserved: 0, available: 20 });

    const toDeliver = await ok(R, await pending(R, resourceInput(ids.SDW, line)), 'APPROVE', approver);
    const delivered = await ok(R, toDeliver, 'DELIVER', officer, {
      header: RECEIVED(),
      lines: [{ id: toDeliver.lines[0].id, values: { deliveredQuantity: '3' } }],
    });
    expect(totals(await stockOf(item))).toEqual({ onHand: 17, reserved: 0, available: 17 });
    await ok(R, delivered, 'CANCEL', officer, { reason: 'ส่งคืนคลัง' });
    expect(totals(await stockOf(item))).toEqual({ onHand: 20, reserved: 0, available: 20 });
    // Its movements net to nothing.
    const [net] = await sql<{ q: string; r: string }>(
      `select coalesce(sum(quantity), 0)::text as q, coalesce(sum(reserved_delta), 0)::text as r from stock_movement
       where document_type = 'RESOURCE_DISBURSEMENT' and document_id = ?`,
      [delivered.id],
    );
    expect([Number(net.q), Number(net.r)]).toEqual([0, 0]);
  });

  it('approves one of two disbursements competing for the last units and refuses the other with the shortfall', async () => {
    const item = await stocked([{ lot: 'LAST', quantity: '6', expiryDate: null }]);
    const first = await pending(R, resourceInput(ids.SDW, [{ resource: item, quantity: '4' }]));
    const second = await pending(R, resourceInput(ids.SDW, [{ resource: item, quantity: '4' }]));
    await ok(R, first, 'APPROVE', approver);
    const movementsBefore = await sql<{ n: string }>('select count(*)::text as n from stock_movement');
    const refused = await act(R, second, 'APPROVE', approver);
    const [{ code }] = await sql<{ code: string }>('select code from ref_resource where id = ?', [item]);
    expect(refused.error?.extensions).toMatchObject({
      status: 409,
      code: 'SHORTFALL',
      details: { kind: 'AVAILABLE', resourceCode: code, available: '2', requested: '4' },
    });
    expect(refused.error?.extensions?.messageTh).toContain(`${code} ข้าวทดสอบเบิกจ่าย`);
    expect(refused.error?.extensions?.messageTh).toContain('คงเหลือที่เบิกได้ 2');
    expect(refused.error?.extensions?.messageEn).toContain('2 ');
    expect(refused.error?.extensions?.messageEn).toContain('4 ');
    expect(refused.error?.extensions?.messageEn).toContain('requested');
    // Nothing written: the refused one still waits, no movement was added.
    expect(await sql<{ n: string }>('select count(*)::text as n from stock_movement')).toEqual(
      movementsBefore,
    );
    const [row] = await sql<{ status: string; version: number }>(
      'select status, version from doc_resource_disbursement where id = ?',
      [second.id],
    );
    expect(row).toEqual({ status: 'PENDING_APPROVAL', version: second.version });
  });
});

describe('money disbursement', () => {
  it('reserves on approval, pays out on delivery, and every undo gives the money back', async () => {
    const account = await funded('1000.00');
    const doc = await pending(M, moneyInput(account, '250.75'));
    expect(await moneyOf(account)).toEqual({ balance: '1000.00', reserved: '0.00', available: '1000.00' });
    const self = await act(M, doc, 'APPROVE', officer);
    expect(self.error?.extensions?.status).toBe(403); // the officer has no approval menu
    const approved = await ok(M, doc, 'APPROVE', approver);
    expect(await moneyOf(account)).toEqual({ balance: '1000.00', reserved: '250.75', available: '749.25' });
    const revoked = await ok(M, approved, 'CANCEL_APPROVE', approver, { reason: 'ตรวจสอบบัญชีผู้รับใหม่' });
    expect(revoked.status).toBe('PENDING_APPROVAL');
    expect(await moneyOf(account)).toEqual({ balance: '1000.00', reserved: '0.00', available: '1000.00' });
    const again = await ok(M, revoked, 'APPROVE', approver);
    const paid = await ok(M, again, 'DELIVER', officer, { header: TRANSFERRED() });
    expect(paid.status).toBe('DELIVERED');
    expect(paid.header).toMatchObject({ transferredOn: today(), transferReference: 'TRF-2569-0001' });
    expect(await moneyOf(account)).toEqual({ balance: '749.25', reserved: '0.00', available: '749.25' });
    const late = await act(M, paid, 'CANCEL_APPROVE', approver, { reason: 'สายไป' });
    expect(late.error?.extensions).toMatchObject({ status: 409, code: 'WORKFLOW_STATUS' });
    const unpaid = await ok(M, paid, 'CANCEL_DELIVERY', officer, { reason: 'โอนไม่สำเร็จ' });
    expect(unpaid.status).toBe('APPROVED');
    expect(await moneyOf(account)).toEqual({ balance: '1000.00', reserved: '250.75', available: '749.25' });
    const repaid = await ok(M, unpaid, 'DELIVER', officer, { header: TRANSFERRED() });
    const completed = await ok(M, repaid, 'COMPLETE', officer);
    expect(completed.status).toBe('COMPLETED');
    expect((await act(M, completed, 'CANCEL', officer, { reason: 'x' })).error?.extensions).toMatchObject({
      status: 409,
      code: 'WORKFLOW_STATUS',
    });
    expect(await moneyOf(account)).toEqual({ balance: '749.25', reserved: '0.00', available: '749.25' });
    // The account's card shows each step with the running balance and reserved part.
    const card = await gql<{
      moneyCard: { movementType: string; amount: string; balanceAfter: string; reservedAfter: string }[];
    }>(admin, `{ moneyCard(accountId: ${account}) { movementType amount balanceAfter reservedAfter } }`);
    expect(
      card.data?.moneyCard.map((m) => [m.movementType, m.amount, m.balanceAfter, m.reservedAfter]),
    ).toEqual([
      ['INITIAL', '1000.00', '1000.00', '0.00'],
      ['RESERVE', '0.00', '1000.00', '250.75'],
      ['RESERVE', '0.00', '1000.00', '0.00'],
      ['RESERVE', '0.00', '1000.00', '250.75'],
      ['DISBURSEMENT_OUT', '-250.75', '749.25', '0.00'],
      ['DISBURSEMENT_OUT', '250.75', '1000.00', '250.75'],
      ['DISBURSEMENT_OUT', '-250.75', '749.25', '0.00'],
    ]);
  });

  it('cancels at every status, undoing the reservation or the payment', async () => {
    const account = await funded('500.00');
    const full = { balance: '500.00', reserved: '0.00', available: '500.00' };
    await ok(M, (await create(M, moneyInput(account, '100.00'))).doc, 'CANCEL', officer);
    await ok(M, await pending(M, moneyInput(account, '100.00')), 'CANCEL', officer);
    expect(await moneyOf(account)).toEqual(full);
    const approved = await ok(M, await pending(M, moneyInput(account, '100.00')), 'APPROVE', approver);
    expect(await moneyOf(account)).toEqual({ balance: '500.00', reserved: '100.00', available: '400.00' });
    await ok(M, approved, 'CANCEL', officer, { reason: 'ยกเลิก' });
    expect(await moneyOf(account)).toEqual(full);
    const toPay = await ok(M, await pending(M, moneyInput(account, '100.00')), 'APPROVE', approver);
    const paid = await ok(M, toPay, 'DELIVER', officer, { header: TRANSFERRED() });
    expect(await moneyOf(account)).toEqual({ balance: '400.00', reserved: '0.00', available: '400.00' });
    await ok(M, paid, 'CANCEL', officer, { reason: 'เงินโอนคืน' });
    expect(await moneyOf(account)).toEqual(full);
  });

  it('refuses an approval beyond the available money, naming the account and both amounts', async () => {
    const account = await funded('300.00');
    await ok(M, await pending(M, moneyInput(account, '200.00')), 'APPROVE', approver);
    const second = await pending(M, moneyInput(account, '150.50'));
    const refused = await act(M, second, 'APPROVE', approver);
    expect(refused.error?.extensions).toMatchObject({
      status: 409,
      code: 'SHORTFALL',
      details: { kind: 'MONEY', available: '100', requested: '150.5' },
    });
    expect(refused.error?.extensions?.messageTh).toContain('ใช้ได้ 100 บาท ต้องการ 150.5 บาท');
    expect(refused.error?.extensions?.messageEn).toContain('100 baht available, 150.5 baht requested');
    expect(await moneyOf(account)).toEqual({ balance: '300.00', reserved: '200.00', available: '100.00' });
  });
});

describe('8 clients approving at once', () => {
  const CLIENTS = 8;
  /** Eight approvers (approval level 1 of OPS-P38, over the storage and the accounts), each its own client. */
  let clients: Record<string, string>[] = [];
  async function approvers() {
    if (clients.length) return clients;
    const em = t.em().fork();
    const unit = await em.findOneOrFail(OrganisationUnit, { code: 'OPS-P38' });
    for (let i = 0; i < CLIENTS; i++)
      newUser(em, {
        kind: 'STAFF',
        username: `disburse.approver.${i}`,
        email: `disburse.approver.${i}@example.com`,
        passwordHash: 'not-used',
        firstNameTh: 'ทดสอบ',
        lastNameTh: `อนุมัติพร้อมกัน ${i}`,
        userStatusCode: UserStatus.Active,
        requestStatusCode: RequestStatus.Approved,
        userGroupCode: 'UG-S02',
        organisationUnit: ref(unit),
      });
    await em.flush();
    clients = await Promise.all(
      Array.from({ length: CLIENTS }, async (_, i) =>
        bearer(await sessionToken(t, `disburse.approver.${i}`)),
      ),
    );
    return clients;
  }

  it('never reserves more stock than there is: exactly as many approvals as fit', async () => {
    // 10 units in two lots; eight disbursements of 3 each: three fit (9), five are refused.
    const item = await stocked([
      { lot: 'R1', quantity: '6', expiryDate: '2030-06-01' },
      { lot: 'R2', quantity: '4', expiryDate: '2030-09-01' },
    ]);
    const docs = [];
    for (let i = 0; i < CLIENTS; i++)
      docs.push(await pending(R, resourceInput(ids.SDW, [{ resource: item, quantity: '3' }])));
    const clients = await approvers();
    const results = await Promise.all(docs.map((doc, i) => act(R, doc, 'APPROVE', clients[i])));
    const approved = results.filter((r) => !r.error);
    const refused = results.filter((r) => r.error);
    expect(approved).toHaveLength(3);
    expect(refused.map((r) => r.error?.extensions?.code)).toEqual(Array(5).fill('SHORTFALL'));
    const stock = totals(await stockOf(item));
    expect(stock).toEqual({ onHand: 10, reserved: 9, available: 1 });
    // The statuses agree with the reservations: three approved documents, each holding its 3 units.
    const rows = await sql<{ status: string; n: string; reserved: string }>(
      `select d.status, count(distinct d.id)::text as n, coalesce(sum(m.reserved_delta), 0)::text as reserved
       from doc_resource_disbursement d left join stock_movement m
         on m.document_type = 'RESOURCE_DISBURSEMENT' and m.document_id = d.id
       where d.id in (${docs.map(() => '?').join(', ')}) group by d.status order by d.status`,
      docs.map((d) => d.id),
    );
    expect(rows.map((r) => [r.status, r.n, Number(r.reserved)])).toEqual([
      ['APPROVED', '3', 9],
      ['PENDING_APPROVAL', '5', 0],
    ]);
    expect(await verifyLedger(t.em())).toEqual({ stock: [], money: [] });
  });

  it('never reserves more money than is available: exactly as many approvals as fit', async () => {
    // 1,000.00 baht; eight disbursements of 300.00: three fit (900.00), five are refused.
    const account = await funded('1000.00');
    const docs = [];
    for (let i = 0; i < CLIENTS; i++) docs.push(await pending(M, moneyInput(account, '300.00')));
    const clients = await approvers();
    const results = await Promise.all(docs.map((doc, i) => act(M, doc, 'APPROVE', clients[i])));
    expect(results.filter((r) => !r.error)).toHaveLength(3);
    expect(results.filter((r) => r.error).map((r) => r.error?.extensions?.code)).toEqual(
      Array(5).fill('SHORTFALL'),
    );
    expect(await moneyOf(account)).toEqual({ balance: '1000.00', reserved: '900.00', available: '100.00' });
    const [sums] = await sql<{ a: string; r: string }>(
      `select sum(amount)::text as a, sum(reserved_delta)::text as r from money_movement where account_id = ?`,
      [account],
    );
    expect(sums).toEqual({ a: '1000.00', r: '900.00' });
    expect(await verifyLedger(t.em())).toEqual({ stock: [], money: [] });
  });
});

describe('demo data', () => {
  it('has an approved resource disbursement holding its blankets and a money disbursement waiting', async () => {
    const rows = await sql<{ number: string; status: string }>(
      `select number, status from doc_resource_disbursement where remark like 'ข้อมูลตัวอย่าง%'
       union all select number, status from doc_money_disbursement where remark like 'ข้อมูลตัวอย่าง%'`,
    );
    expect(rows.map((r) => [r.number.slice(0, 2), r.status])).toEqual([
      ['RD', 'APPROVED'],
      ['MD', 'PENDING_APPROVAL'],
    ]);
    const [blankets] = await sql<{ reserved: string }>(
      `select sum(b.reserved)::text as reserved from stock_balance b join ref_resource r on r.id = b.resource_id
       where r.code = 'BLANKET' and b.storage_id = ? and b.lot = 'PV-DDPM-01'`,
      [ids.SDW],
    );
    expect(blankets.reserved).toBe('20.000');
  });
});

describe('bad input', () => {
  const counts = async () =>
    (
      await sql<Record<string, string>>(
        `select (select count(*) from doc_resource_disbursement)::text as rd,
         (select count(*) from doc_resource_disbursement_line)::text as rdl,
         (select count(*) from doc_money_disbursement)::text as md,
         (select count(*) from stock_movement)::text as sm, (select count(*) from money_movement)::text as mm`,
      )
    )[0];

  function expectRefused(error: GqlError | undefined, field: string) {
    expect(error?.extensions).toMatchObject({ status: 400, code: 'BAD_INPUT' });
    const details = error?.extensions?.details as
      | { fields?: { field: string; messageTh: string; messageEn: string }[] }
      | undefined;
    const fields = details?.fields ?? [];
    const named = fields.find((f) => f.field === field);
    expect(named, JSON.stringify(fields)).toBeDefined();
    expect(named?.messageTh).toMatch(/[ก-๙]/);
    expect(named?.messageEn).toMatch(/^[^ก-๙]+$/);
  }

  it('refuses bad values on every mutation in Thai and English and writes nothing', async () => {
    const item = await stocked([{ lot: 'B', quantity: '5', expiryDate: null }]);
    const account = await funded('100.00');
    const before = await counts();
    expectRefused(
      (await create(R, resourceInput(ids.SDW, [{ resource: item, quantity: '0' }]))).error,
      'lines.0.quantity',
    );
    expectRefused(
      (await create(R, resourceInput(ids.SDW, [{ resource: item, quantity: '1.0001' }]))).error,
      'lines.0.quantity',
    );
    expectRefused(
      (await create(R, resourceInput(ids.SDW, [{ resource: item, quantity: '1' }], { recipientName: '' })))
        .error,
      'recipientName',
    );
    expectRefused(
      (await create(R, resourceInput(ids.SDW, [{ resource: item, quantity: '1' }], { supportRequestId: 0 })))
        .error,
      'supportRequestId',
    );
    expectRefused((await create(M, moneyInput(account, '0'))).error, 'amount');
    expectRefused((await create(M, moneyInput(account, '10.001'))).error, 'amount');
    expectRefused((await create(M, moneyInput(account, '-5'))).error, 'amount');
    expectRefused(
      (await create(M, moneyInput(account, '10', { recipientAccountNumber: '12AB' }))).error,
      'recipientAccountNumber',
    );
    expectRefused(
      (await create(M, moneyInput(account, '10', { recipientBank: 'XXX' }))).error,
      'recipientBank',
    );
    expect(await counts()).toEqual(before);

    // Edits, actions with line values and reasons.
    const doc = await pending(R, resourceInput(ids.SDW, [{ resource: item, quantity: '2' }]));
    const mid = await counts();
    const edit = await gql<{ updateDocument: Doc }>(
      officer,
      `mutation ($id: Int!, $version: Int!, $input: DocumentInput!) { updateDocument(type: RESOURCE_DISBURSEMENT, id: $id, version: $version, input: $input) { id } }`,
      {
        id: doc.id,
        version: doc.version,
        input: resourceInput(ids.SDW, [{ resource: item, quantity: '-1' }]),
      },
    );
    expectRefused(edit.error, 'lines.0.quantity');
    const approved = await ok(R, doc, 'APPROVE', approver);
    const afterApproval = await counts();
    expect(Number(afterApproval.sm)).toBe(Number(mid.sm) + 1);
    expectRefused(
      (
        await act(R, approved, 'DELIVER', officer, {
          header: RECEIVED(),
          lines: [{ id: approved.lines[0].id, values: { deliveredQuantity: 'abc' } }],
        })
      ).error,
      'lines.0.deliveredQuantity',
    );
    expectRefused(
      (
        await act(R, approved, 'DELIVER', officer, {
          header: RECEIVED(),
          lines: [{ id: approved.lines[0].id, values: { deliveredQuantity: '0' } }],
        })
      ).error,
      'lines.0.deliveredQuantity',
    );
    const lineDelivered = [{ id: approved.lines[0].id, values: { deliveredQuantity: '1' } }];
    expectRefused(
      (await act(R, approved, 'DELIVER', officer, { lines: lineDelivered })).error,
      'deliveredOn',
    );
    expectRefused(
      (
        await act(R, approved, 'DELIVER', officer, {
          header: { deliveredOn: '2999-01-01', receivedBy: 'x' },
          lines: lineDelivered,
        })
      ).error,
      'deliveredOn',
    );
    expectRefused(
      (
        await act(R, approved, 'DELIVER', officer, {
          header: { deliveredOn: today(), receivedBy: '' },
          lines: lineDelivered,
        })
      ).error,
      'receivedBy',
    );
    // An action that takes no header values refuses them.
    const stray = await act(R, approved, 'CANCEL_APPROVE', approver, {
      reason: 'x',
      header: { receivedBy: 'x' },
    });
    expect(stray.error?.extensions).toMatchObject({ status: 400, code: 'BAD_INPUT' });
    expectRefused((await act(R, approved, 'CANCEL_APPROVE', approver, { reason: '  ' })).error, 'reason');
    const money = await ok(M, await pending(M, moneyInput(account, '10')), 'APPROVE', approver);
    const beforePay = await counts();
    expectRefused(
      (await act(M, money, 'DELIVER', officer, { header: { transferredOn: today() } })).error,
      'transferReference',
    );
    expectRefused(
      (await act(M, money, 'DELIVER', officer, { header: { ...TRANSFERRED(), transferredOn: '31/12/2569' } }))
        .error,
      'transferredOn',
    );
    expect(await counts()).toEqual(beforePay);
    const paid = await ok(M, money, 'DELIVER', officer, { header: TRANSFERRED() });
    const beforeMoney = await counts();
    expectRefused((await act(M, paid, 'CANCEL_DELIVERY', officer)).error, 'reason');
    expect(await counts()).toEqual(beforeMoney);
    const [row] = await sql<{ status: string }>('select status from doc_resource_disbursement where id = ?', [
      approved.id,
    ]);
    expect(row.status).toBe('APPROVED');
  });
});

describe('the disbursement section’s screens (MN-060..MN-099)', () => {
  it('every key opens a working screen: a type shows it, and its menu code does something there', () => {
    const entries = menuCatalogue.filter((m) => m.section === 'disbursement' && !m.external);
    expect(entries.map((m) => m.code)).toContain('MN-082');
    const idle = entries.flatMap((entry) => {
      const shown = documentTypes.filter((type) => type.screens.some((s) => s.key === entry.key));
      const works = shown.some((type) => {
        const screen = type.screens.find((s) => s.key === entry.key);
        // A view screen reads with its code; a work or approval screen writes or acts with it.
        if (screen?.mode === 'VIEW') return type.menus.view.includes(entry.code);
        return (
          type.menus.create.includes(entry.code) ||
          type.menus.edit.includes(entry.code) ||
          type.workflow.transitions.some((t) => t.menu.includes(entry.code))
        );
      });
      return works ? [] : [`${entry.code} ${entry.key}`];
    });
    expect(idle).toEqual([]);
  });
});
