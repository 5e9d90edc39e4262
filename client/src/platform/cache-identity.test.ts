import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InMemoryCache, type TypePolicies } from '@apollo/client';
import { buildSchema, type DocumentNode, extendSchema, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import * as generated from '../gql/graphql';
import { identityProblems, missingKeyFields } from '../testing/cache-identity';
import { typePolicies } from './apollo';

// One identity per record (docs/decisions.md): over the whole committed schema (a server test keeps
// schema.graphql equal to the server's), every object type with an id states what names one record
// (@identity); the client's type policies key each type holding records of several kinds by its kind
// field and id, and keep the types without an identity inside their parents; every operation selects
// the key fields it needs. A new type with an id that does none of this fails here.

const schemaFile = resolve(dirname(fileURLToPath(import.meta.url)), '../../../schema.graphql');
const schema = buildSchema(readFileSync(schemaFile, 'utf8'));
const documents = Object.values(generated).filter(
  (value): value is DocumentNode =>
    typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'Document',
);
const policies: TypePolicies = typePolicies;

const without = (name: string): TypePolicies =>
  Object.fromEntries(Object.entries(policies).filter(([key]) => key !== name));

describe('one identity per record in the client cache', () => {
  it('reads the committed schema and the app’s operations', () => {
    expect(Object.keys(schema.getTypeMap()).length).toBeGreaterThan(100);
    expect(documents.length).toBeGreaterThan(50);
  });

  it('every object type with an id declares its identity, and the type policies agree with it', () => {
    expect(identityProblems(schema, policies)).toEqual([]);
  });

  it('every operation selects the key fields of the keyed types it reads', () => {
    expect(missingKeyFields(schema, policies, documents)).toEqual([]);
  });

  it('fails when a type policy is removed, changed, or a new type with an id declares nothing', () => {
    const keyed = Object.entries(policies).filter(([, p]) => p.keyFields !== undefined);
    expect(keyed.length).toBeGreaterThan(5);
    for (const [name] of keyed) {
      expect(identityProblems(schema, without(name)), name).toEqual([expect.stringMatching(`^${name}: `)]);
    }
    expect(identityProblems(schema, { ...policies, EDonationRow: { keyFields: ['kind', 'id'] } })).toEqual([
      expect.stringContaining('EDonationRow: records of several kinds share this type'),
    ]);

    const newRow = extendSchema(
      schema,
      parse('type NewRow { id: Int!, documentType: String! } extend type Query { newRows: [NewRow!]! }'),
    );
    expect(identityProblems(newRow, policies)).toEqual([
      expect.stringContaining('NewRow: has an id but declares no identity'),
    ]);
    const newKinds = extendSchema(
      schema,
      parse('type NewRow @identity(by: ["documentType", "id"]) { id: Int!, documentType: String! }'),
    );
    expect(identityProblems(newKinds, policies)).toEqual([
      expect.stringContaining('NewRow: records of several kinds share this type'),
    ]);
    const oneKind = extendSchema(schema, parse('type NewRow @identity(by: ["id"]) { id: Int! }'));
    expect(identityProblems(oneKind, policies)).toEqual([]);
  });

  it('fails when an operation leaves out a key field', () => {
    const query = parse(`
      query Rows { eDonationRows(currentPage: 1, rows: 10) { items { id number } } }
    `);
    expect(missingKeyFields(schema, policies, [query])).toEqual(['Rows: EDonationRow without documentType']);
  });

  it('keeps records of different kinds that share a number apart', () => {
    const cache = new InMemoryCache({ typePolicies });
    const query = parse(`
      query Rows {
        eDonationRows(currentPage: 1, rows: 10) { items { documentType id number value } }
        pendingWork { groups { source items { documentType id number status } } }
      }
    `);
    const row = (documentType: string, number: string, value: string) => ({
      __typename: 'EDonationRow',
      documentType,
      id: 4,
      number,
      value,
    });
    const item = (documentType: string, number: string, status: string) => ({
      __typename: 'PendingWorkItem',
      documentType,
      id: 1,
      number,
      status,
    });
    const data = {
      eDonationRows: {
        __typename: 'EDonationPage',
        items: [
          row('GOODS_DONATION', 'DT-2570-000004', '17100.00'),
          row('MONEY_DONATION', 'DM-2570-000004', '1500.50'),
        ],
      },
      pendingWork: {
        __typename: 'PendingWork',
        groups: [
          {
            __typename: 'PendingWorkGroup',
            source: 'document:GOODS_DONATION',
            items: [item('GOODS_DONATION', 'DT-2570-000001', 'DRAFT')],
          },
          {
            __typename: 'PendingWorkGroup',
            source: 'document:RESOURCE_DISBURSEMENT',
            items: [item('RESOURCE_DISBURSEMENT', 'RD-2570-000001', 'DRAFT')],
          },
          {
            __typename: 'PendingWorkGroup',
            source: 'receipt-request',
            items: [item('RECEIPT_REQUEST', 'RR-2570-000001', 'REQUESTED')],
          },
          {
            __typename: 'PendingWorkGroup',
            source: 'personal-data-deletion',
            items: [item('PERSONAL_DATA_DELETION', 'PD-1', 'REQUESTED')],
          },
          {
            __typename: 'PendingWorkGroup',
            source: 'e-donation-overdue',
            items: [item('GOODS_DONATION', 'DT-2570-000001', 'OVERDUE')],
          },
        ],
      },
    };
    cache.writeQuery({ query, data });
    const read = cache.readQuery<typeof data>({ query });
    expect(read?.eDonationRows.items.map((r) => [r.number, r.value])).toEqual([
      ['DT-2570-000004', '17100.00'],
      ['DM-2570-000004', '1500.50'],
    ]);
    expect(read?.pendingWork.groups.flatMap((g) => g.items.map((i) => `${i.number} ${i.status}`))).toEqual([
      'DT-2570-000001 DRAFT',
      'RD-2570-000001 DRAFT',
      'RR-2570-000001 REQUESTED',
      'PD-1 REQUESTED',
      'DT-2570-000001 OVERDUE',
    ]);
  });
});
