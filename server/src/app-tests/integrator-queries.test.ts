import { readFileSync } from 'node:fs';
import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword } from '../kits/core/demo-accounts';
import { OrganisationUnit } from '../kits/core/organisation.entity';
import { documentTypeOf } from '../kits/documents/document-types';
import { LedgerService } from '../kits/ledger/ledger.service';
import { bearer } from '../testing/auth-helpers';
import { sampleInput } from '../testing/document-samples';
import { startTestApp, type TestApp } from '../testing/test-app';

// docs/graphql-for-integrators.md, run: every ```graphql block of the doc is an operation this file
// runs by its name against the real app (typed document fields, the login), so the doc cannot drift.

const doc = readFileSync(new URL('../../../docs/graphql-for-integrators.md', import.meta.url), 'utf8');
const operations = new Map(
  [...doc.matchAll(/```graphql\n([\s\S]*?)```/g)].map((m) => {
    const name = /^(?:query|mutation)\s+(\w+)/.exec(m[1])?.[1];
    if (!name) throw new Error(`a graphql block of the doc has no operation name: ${m[1].slice(0, 60)}`);
    return [name, m[1]] as const;
  }),
);
const ran = new Set<string>();

let t: TestApp;
let auth: Record<string, string>;
const ids: Record<string, number> = {};
let scope: { em: EntityManager; ownerPath: string; avoidPath: string };

// biome-ignore lint/suspicious/noExplicitAny: answers read in assertions
type Data = Record<string, any>;

/** Runs the doc's operation `name`; fails on any error. */
async function run(name: string, variables: Record<string, unknown> = {}, headers = auth): Promise<Data> {
  const query = operations.get(name);
  if (!query) throw new Error(`docs/graphql-for-integrators.md has no operation ${name}`);
  ran.add(name);
  const res = await t.graphql<Data>(query, variables, headers);
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return res.body.data as Data;
}

async function gql(query: string, variables: Record<string, unknown> = {}): Promise<Data> {
  const res = await t.graphql<Data>(query, variables, auth);
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return res.body.data as Data;
}

const sql = <T>(query: string, params: unknown[] = []) => t.em().getConnection().execute<T[]>(query, params);

/** A valid typed input of a type, built from its declaration as the document-scope test builds it. */
async function sample(type: string) {
  return sampleInput(documentTypeOf(type) as NonNullable<ReturnType<typeof documentTypeOf>>, scope);
}

beforeAll(async () => {
  t = await startTestApp();
  for (const [key, table, code] of [
    ['SUP', 'ref_storage', 'ST-OPS-SUP'],
    ['SDW', 'ref_storage', 'ST-P38-SDW'],
    ['RICE', 'ref_resource', 'RICE-5KG'],
    ['DAMAGED', 'ref_missing_excess_reason', 'DAMAGED'],
  ] as const) {
    const [row] = await sql<{ id: number }>(`select id from ${table} where code = ?`, [code]);
    ids[key] = row.id;
  }
  const [adminRow] = await sql<{ id: number }>("select id from app_user where username = 'admin.demo'");
  await t
    .em()
    .transactional((tx) =>
      new LedgerService(tx as EntityManager).receive(
        { storageId: ids.SUP, resourceId: ids.RICE, quantity: '100', unitValue: '150.00', lot: 'L-I' },
        { documentType: 'TEST_SEED', documentId: 1, lineId: null, userId: adminRow.id },
      ),
    );
  const em = t.em();
  const owner = await em.findOneOrFail(OrganisationUnit, { code: 'DSDW-P28-DON' });
  const other = await em.findOneOrFail(OrganisationUnit, { code: 'OPS-P38-SDW' });
  scope = { em, ownerPath: owner.path, avoidPath: other.path };
});
afterAll(() => t.close());

describe('docs/graphql-for-integrators.md', () => {
  it('authenticates with the login of the doc and refuses a wrong password', async () => {
    const data = await run('IntegratorLogin', { username: 'admin.demo', password: demoPassword }, {});
    expect(data.login.user.username).toBe('admin.demo');
    auth = bearer(data.login.token);
    const wrong = await t.graphql(operations.get('IntegratorLogin') as string, {
      username: 'admin.demo',
      password: 'not-the-password',
    });
    expect(wrong.body.errors?.[0].extensions?.code).toBe('INVALID_CREDENTIALS');
  });

  it('creates and posts a stock adjustment in one request, once per key', async () => {
    const input = {
      header: { storage: ids.SUP },
      lines: [{ resource: ids.RICE, lot: 'L-I', quantity: '-2', reason: ids.DAMAGED }],
    };
    const posted = (await run('AdjustStock', { input, key: 'integrator-adjust-1' }))
      .createAndPostStockAdjustmentDocument;
    expect(posted).toMatchObject({ status: 'POSTED', version: 2 });
    expect(posted.number).toMatch(/^AJ-\d{4}-\d{6}$/);
    const again = (await run('AdjustStock', { input, key: 'integrator-adjust-1' }))
      .createAndPostStockAdjustmentDocument;
    expect(again.id).toBe(posted.id);
    const [moved] = await sql<{ q: string }>(
      "select sum(quantity)::text as q from stock_movement where document_type = 'STOCK_ADJUSTMENT' and document_id = ?",
      [posted.id],
    );
    expect(Number(moved.q)).toBe(-2);
  });

  it('writes, sends and receives a transfer, then reads it with its lines, resources and storages', async () => {
    const input = {
      header: { fromStorage: ids.SUP, toStorage: ids.SDW },
      lines: [{ resource: ids.RICE, quantity: '10' }],
    };
    const created = (await run('CreateTransfer', { input, key: 'integrator-transfer-1' }))
      .createStockTransferDocument;
    expect(created.number).toMatch(/^TR-\d{4}-\d{6}$/);
    // A retry with the same key answers the first document.
    const again = (await run('CreateTransfer', { input, key: 'integrator-transfer-1' }))
      .createStockTransferDocument;
    expect(again.id).toBe(created.id);
    const sent = (
      await gql(
        'mutation ($id: Int!, $v: Int!) { sendStockTransferDocument(id: $id, input: { version: $v }) { status version lines { id } } }',
        { id: created.id, v: created.version },
      )
    ).sendStockTransferDocument;
    expect(sent.status).toBe('SENT');
    const received = (
      await run('ReceiveTransfer', {
        id: created.id,
        version: sent.version,
        lines: [{ id: sent.lines[0].id, receivedQuantity: '9', missingReason: ids.DAMAGED }],
      })
    ).receiveStockTransferDocument;
    expect(received.status).toBe('RECEIVED');

    const read = (await run('TransferWithLines', { id: created.id })).stockTransferDocument;
    expect(read.header.fromStorage.code).toBe('ST-OPS-SUP');
    expect(read.header.toStorage.code).toBe('ST-P38-SDW');
    expect(read.lines).toHaveLength(1);
    expect(read.lines[0]).toMatchObject({
      lineNo: 1,
      resource: { code: 'RICE-5KG' },
      lot: 'L-I',
      quantity: '10.000',
      unitValue: '150.00',
      receivedQuantity: '9.000',
      missingReason: { code: 'DAMAGED' },
    });
    expect(read.history.map((h: { action: string }) => h.action)).toEqual(['CREATE', 'SEND', 'RECEIVE']);
    // The typed answer holds the same values as the generic document's JSON.
    const generic = (
      await gql('query ($id: Int!) { document(type: STOCK_TRANSFER, id: $id) { header lines { values } } }', {
        id: created.id,
      })
    ).document;
    expect(generic.header).toEqual({ fromStorage: ids.SUP, toStorage: ids.SDW });
    const values = generic.lines[0].values;
    for (const f of ['lot', 'expiryDate', 'quantity', 'unitValue', 'receivedQuantity'])
      expect(read.lines[0][f]).toBe(values[f]);
    expect(read.lines[0].resource.id).toBe(values.resource);
  });

  it('pages the money donations waiting for approval', async () => {
    const input = await sample('MONEY_DONATION');
    const created = (
      await gql(
        'mutation ($input: MoneyDonationDocumentInput!) { createMoneyDonationDocument(input: $input) { number } }',
        { input },
      )
    ).createMoneyDonationDocument;
    const page = (await run('PendingMoneyDonations', { page: 1 })).moneyDonationDocuments;
    const mine = page.items.find((d: { number: string }) => d.number === created.number);
    expect(page.total).toBeGreaterThanOrEqual(1);
    expect(mine.status).toBe('PENDING');
    expect(mine.header.amount).toMatch(/^\d+\.\d{2}$/);
    expect(mine.header.donor.id ?? mine.header.donor.code).toBeTruthy();
    expect(mine.header.transferType.value).toBe(input.header.transferType);
    expect(mine.header.transferType.labelEn).not.toBe('');
  });

  it('reads a support request with its lines, and a disbursement with its result fields', async () => {
    const request = (
      await gql(
        'mutation ($input: SupportRequestDocumentInput!) { createSupportRequestDocument(input: $input) { id } }',
        { input: await sample('SUPPORT_REQUEST') },
      )
    ).createSupportRequestDocument;
    const read = (await run('RequestToResults', { id: request.id })).supportRequestDocument;
    expect(read.status).toBe('DRAFT');
    expect(read.header.unit.code).toBeTruthy();
    expect(read.lines).toHaveLength(1);
    expect(read.lines[0].resource.code).toBeTruthy();
    expect(read.lines[0].approvedQuantity).toBeNull();
    expect(read.related).toEqual([]);

    const disbursementInput = await sample('RESOURCE_DISBURSEMENT');
    const disbursement = (
      await gql(
        'mutation ($input: ResourceDisbursementDocumentInput!) { createResourceDisbursementDocument(input: $input) { id } }',
        { input: disbursementInput },
      )
    ).createResourceDisbursementDocument;
    const result = (await run('DisbursementResult', { id: disbursement.id })).resourceDisbursementDocument;
    expect(result.status).toBe('DRAFT');
    expect(result.header).toMatchObject({
      recipientName: disbursementInput.header.recipientName,
      resultDate: null,
    });
  });

  it('lists the money disbursements waiting for approval', async () => {
    const created = (
      await gql(
        'mutation ($input: MoneyDisbursementDocumentInput!) { createMoneyDisbursementDocument(input: $input) { id version number } }',
        { input: await sample('MONEY_DISBURSEMENT') },
      )
    ).createMoneyDisbursementDocument;
    await gql(
      'mutation ($id: Int!, $v: Int!) { submitMoneyDisbursementDocument(id: $id, input: { version: $v }) { id } }',
      {
        id: created.id,
        v: created.version,
      },
    );
    const page = (await run('MoneyDisbursementsToApprove')).moneyDisbursementDocuments;
    const mine = page.items.find((d: { number: string }) => d.number === created.number);
    expect(mine.header.amount).toMatch(/^\d+\.\d{2}$/);
    expect(mine.header.moneyAccount.code).toBeTruthy();
    expect(mine.status).toBe('PENDING_APPROVAL');
  });

  it('refuses a field the type does not declare before anything runs', async () => {
    const res = await t.graphql(
      'mutation { createStockTransferDocument(input: { header: { fromStorage: 1, toStorag: 2 } }) { id } }',
      {},
      auth,
    );
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.errors)).toContain('toStorag');
  });

  it('ran every operation of the doc', () => {
    expect([...ran].sort()).toEqual([...operations.keys()].sort());
  });
});
