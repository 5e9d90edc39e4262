import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentField, DocumentType } from '../kits/documents/document-kit';
import { pickScopeOf } from '../kits/documents/document-pick';
import { documentTypes } from '../kits/documents/document-types';
import type { ReferenceType } from '../kits/reference/reference-kit';
import { inScope } from '../platform/auth/data-scope';
import type { Principal } from '../platform/auth/principal';
import { bearer, sessionToken } from '../testing/auth-helpers';
import { activeItems, sampleInput } from '../testing/document-samples';
import { startTestApp, type TestApp } from '../testing/test-app';

// "What staff see is right" (part 2): a document form's pick list offers exactly what saving that
// document accepts from that person. For every declared type, every reference field of its forms
// and every seeded staff group's demo user, the items referenceOptions offers for the field (the
// query the forms send) are compared with the active items the data-scope rule admits, computed
// here from each item's owning unit; and saving is tried with an offered item (accepted) and with an
// active item outside the list (403). Then officer.demo records a money donation and a money
// disbursement using only what the forms offer.

let t: TestApp;
const sql = <T>(query: string, params: unknown[] = []) => t.em().getConnection().execute<T[]>(query, params);

const DEMO_USERS = [
  'admin.demo',
  'orgadmin.demo',
  'officer.demo',
  'approver1.demo',
  'approver2.demo',
  'executive.demo',
] as const;

interface Demo {
  username: string;
  headers: Record<string, string>;
  principal: Principal;
  menus: Set<string>;
}
const demo = new Map<string, Demo>();

beforeAll(async () => {
  t = await startTestApp();
  for (const username of DEMO_USERS) {
    const [row] = await sql<{
      id: number;
      group_code: string;
      path: string | null;
      unit_id: number | null;
      menus: string[];
    }>(
      `select u.id, u.user_group_code as group_code, o.path, o.id as unit_id,
         array(select gm.menu_entry_code from user_group_menu gm where gm.user_group_code = u.user_group_code) as menus
       from app_user u left join organisation_unit o on o.id = u.organisation_unit_id
       where u.username = ?`,
      [username],
    );
    const menus = new Set(row.menus);
    demo.set(username, {
      username,
      headers: bearer(await sessionToken(t, username)),
      menus,
      principal: {
        userId: row.id,
        sessionId: 'test',
        kind: 'STAFF',
        username,
        groupCode: row.group_code,
        menuCodes: menus,
        unitId: row.unit_id,
        unitPath: row.path,
      },
    });
  }
}, 60_000);
afterAll(() => t?.close());

const OPTIONS = `query ($type: ReferenceTypeName!, $documentType: String, $documentField: String) {
  referenceOptions(type: $type, rows: 200, documentType: $documentType, documentField: $documentField) { id code }
}`;

async function offered(
  who: Demo,
  type: DocumentType,
  name: string,
  f: DocumentField,
): Promise<{ ids?: number[]; code?: string }> {
  const res = await t.graphql<{ referenceOptions: { id: number }[] }>(
    OPTIONS,
    { type: (f.refType as () => ReferenceType)().type, documentType: type.type, documentField: name },
    who.headers,
  );
  if (res.body.errors) return { code: String(res.body.errors[0].extensions?.code) };
  return { ids: (res.body.data?.referenceOptions ?? []).map((o) => o.id).sort((a, b) => a - b) };
}

/** The form fields that pick an item: the header's as `name`, the lines' as `lines.name`. */
const pickingFields = (type: DocumentType) => [
  ...type.header.filter((f) => f.kind === 'reference' && !f.derived).map((f) => [f.name, f] as const),
  ...type.lines
    .filter((f) => f.kind === 'reference' && !f.derived)
    .map((f) => [`lines.${f.name}`, f] as const),
];

/** Who opens the type's forms: its create or edit menus, or an action's that enters the field. */
const formMenus = (type: DocumentType, f: DocumentField) =>
  f.enteredAt
    ? type.workflow.transitions
        .filter((x) => x.action === f.enteredAt || (f.reenteredAt ?? []).includes(x.action))
        .flatMap((x) => [...x.menu])
    : [...type.menus.create, ...type.menus.edit];

describe('a document form offers exactly what saving accepts', () => {
  it('for every type, reference field and seeded staff group', async () => {
    let compared = 0;
    for (const type of documentTypes)
      for (const [name, f] of pickingFields(type)) {
        const refType = (f.refType as () => ReferenceType)();
        const items = await activeItems(t.em(), refType);
        expect(items.length, `${refType.type}: more active items than one pick list holds`).toBeLessThan(200);
        for (const who of demo.values()) {
          if (!formMenus(type, f).some((c) => who.menus.has(c))) continue;
          const place = `${type.type}.${name} for ${who.username}`;
          const answer = await offered(who, type, name, f);
          expect(answer.code, place).toBeUndefined();
          // What saving admits: active, and for a field bound to the caller (the owner's storage or
          // account, the receiving unit) owned within the caller's subtree.
          const bound = pickScopeOf(type, f) === 'caller';
          const accepted = items
            .filter((i) => !bound || inScope(who.principal, i.path))
            .map((i) => i.id)
            .sort((a, b) => a - b);
          expect(answer.ids, place).toEqual(accepted);
          compared++;
        }
      }
    expect(compared).toBeGreaterThan(50);
  }, 60_000);

  it('saving takes an offered item and refuses one the list leaves out (403)', async () => {
    let tried = 0;
    for (const type of documentTypes) {
      if (typeof type.owner !== 'string') continue;
      const owner = type.header.find((f) => f.name === type.owner) as DocumentField;
      for (const who of demo.values()) {
        if (!type.menus.create.some((c) => who.menus.has(c))) continue;
        const place = `${type.type} by ${who.username}`;
        const answer = await offered(who, type, type.owner, owner);
        const ids = answer.ids ?? [];
        if (!ids.length) continue;
        const input = await sampleInput(type, {
          em: t.em(),
          ownerPath: who.principal.unitPath ?? '/',
          avoidPath: '/nowhere/',
        });
        const create = (header: Record<string, unknown>) =>
          t.graphql<{ createDocument: { id: number } }>(
            `mutation ($type: DocumentTypeName!, $input: DocumentInput!) { createDocument(type: $type, input: $input) { id } }`,
            { type: type.type, input: { ...input, header } },
            who.headers,
          );
        expect(ids, place).toContain(input.header[type.owner]);
        const ok = await create(input.header);
        expect(ok.body.errors, place).toBeUndefined();
        const outside = (await activeItems(t.em(), (owner.refType as () => ReferenceType)())).find(
          (i) => !ids.includes(i.id),
        );
        if (outside) {
          const refused = await create({ ...input.header, [type.owner]: outside.id });
          expect(refused.body.errors?.[0]?.extensions?.code, place).toBe('FORBIDDEN');
        }
        tried++;
      }
    }
    expect(tried).toBeGreaterThan(10);
  }, 60_000);

  it('refuses a pick list asked for a field the document does not have', async () => {
    const who = demo.get('officer.demo') as Demo;
    const res = await t.graphql(
      OPTIONS,
      { type: 'STORAGE', documentType: 'MONEY_DONATION', documentField: 'moneyAccount' },
      who.headers,
    );
    expect(res.body.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
  });
});

const DESCRIPTORS = `{ documentTypes { type header { name kind required derived enteredAt refType options { value } } } }`;

interface FieldDescriptor {
  name: string;
  kind: string;
  required: boolean;
  derived: boolean;
  enteredAt: string | null;
  refType: string | null;
  options: { value: string }[];
}

describe('officer.demo works with the forms’ own choices', () => {
  /** A header filled from the form's descriptor: the first offered item or option of each field. */
  async function formHeader(who: Demo, documentType: string, typed: Record<string, unknown>) {
    const res = await t.graphql<{ documentTypes: { type: string; header: FieldDescriptor[] }[] }>(
      DESCRIPTORS,
    );
    const fields = res.body.data?.documentTypes.find((d) => d.type === documentType)?.header ?? [];
    const header: Record<string, unknown> = {};
    for (const f of fields) {
      if (f.derived || f.enteredAt || !f.required || f.name in typed) continue;
      if (f.kind === 'reference' && f.refType) {
        const options = await t.graphql<{ referenceOptions: { id: number; code: string }[] }>(
          OPTIONS,
          { type: f.refType, documentType, documentField: f.name },
          who.headers,
        );
        expect(options.body.errors, `${documentType}.${f.name}`).toBeUndefined();
        const first = options.body.data?.referenceOptions[0];
        expect(first, `${documentType}.${f.name}: nothing offered`).toBeDefined();
        header[f.name] = first?.id;
      } else if (f.kind === 'enum') header[f.name] = f.options[0]?.value;
    }
    return { ...header, ...typed };
  }

  it('records a money donation and records and submits a money disbursement', async () => {
    const who = demo.get('officer.demo') as Demo;
    const donation = await t.graphql<{ createDocument: { status: string; ownerUnitCode: string } }>(
      `mutation ($input: DocumentInput!) { createDocument(type: MONEY_DONATION, input: $input) { status ownerUnitCode } }`,
      {
        input: {
          header: await formHeader(who, 'MONEY_DONATION', { donatedOn: '2026-11-20', amount: '1500.00' }),
        },
      },
      who.headers,
    );
    expect(donation.body.errors).toBeUndefined();
    expect(donation.body.data?.createDocument).toEqual({ status: 'PENDING', ownerUnitCode: 'OPS-P38-SDW' });

    const paying = await t.graphql<{ createDocument: { id: number; version: number } }>(
      `mutation ($input: DocumentInput!) { createDocument(type: MONEY_DISBURSEMENT, input: $input) { id version } }`,
      {
        input: {
          header: await formHeader(who, 'MONEY_DISBURSEMENT', {
            amount: '500.00',
            recipientName: 'นางสาวใจดี มีสุข',
            recipientAccountNumber: '0123456789',
            purpose: 'ช่วยเหลือผู้ประสบอุทกภัย',
          }),
        },
      },
      who.headers,
    );
    expect(paying.body.errors).toBeUndefined();
    const created = paying.body.data?.createDocument as { id: number; version: number };
    const submitted = await t.graphql<{ actOnDocument: { status: string } }>(
      `mutation ($id: Int!, $version: Int!) { actOnDocument(type: MONEY_DISBURSEMENT, id: $id, input: { action: "SUBMIT", version: $version }) { status } }`,
      { id: created.id, version: created.version },
      who.headers,
    );
    expect(submitted.body.errors).toBeUndefined();
    expect(submitted.body.data?.actOnDocument.status).toBe('PENDING_APPROVAL');
  });
});
