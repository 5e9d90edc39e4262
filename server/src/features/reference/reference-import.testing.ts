import { ref } from '@mikro-orm/core';
import { OrganisationUnit } from '../../kits/core/organisation.entity';
import { RequestStatus, UserStatus } from '../../kits/core/user.entity';
import type { TestApp } from '../../testing/test-app';
import { newUser } from '../users';

// Helpers of the import tests: the two mutations over GraphQL, CSV text, and staff users made for a test.

export interface ImportRow {
  row: number;
  action: string;
  code: string | null;
  values: Record<string, string>;
  errors: { field: string | null; messageTh: string; messageEn: string }[];
}

export interface ImportResult {
  format: string;
  columns: string[];
  total: number;
  created: number;
  updated: number;
  errorRows: number;
  committed: boolean;
  rows: ImportRow[];
}

const resultFields =
  'format columns total created updated errorRows committed rows { row action code values errors { field messageTh messageEn } }';

export async function runImport(
  t: TestApp,
  headers: Record<string, string>,
  type: string,
  file: Buffer | string,
  commit = false,
  fileName = 'units.csv',
) {
  const field = commit ? 'commitReferenceImport' : 'previewReferenceImport';
  const bytes = typeof file === 'string' ? Buffer.from(file, 'utf8') : file;
  const res = await t.graphql<Record<string, ImportResult>>(
    `mutation ($file: String!, $name: String!) { ${field}(type: ${type}, file: $file, fileName: $name) { ${resultFields} } }`,
    { file: bytes.toString('base64'), name: fileName },
    headers,
  );
  return { result: res.body.data?.[field], error: res.body.errors?.[0], status: res.status };
}

/** CSV text from rows of cells (quoted where needed). */
export const csv = (rows: string[][]): string =>
  rows
    .map((cells) => cells.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(','))
    .join('\n');

/** Errors of a row as [field, English message] pairs. */
export const errorsOf = (result: ImportResult | undefined, row: number): [string | null, string][] =>
  (result?.rows.find((r) => r.row === row)?.errors ?? []).map((e) => [e.field, e.messageEn]);

/** An active member of staff in a group, at a unit (by code) or at none. */
export async function staffUser(t: TestApp, username: string, groupCode: string, unitCode: string | null) {
  const em = t.em();
  const unit = unitCode ? await em.findOneOrFail(OrganisationUnit, { code: unitCode }) : null;
  em.persist(
    newUser(em, {
      kind: 'STAFF',
      username,
      email: `${username}@namjai.local`,
      passwordHash: 'not-used',
      firstNameTh: 'ทดสอบ',
      lastNameTh: 'นำเข้า',
      organisationUnit: unit ? ref(unit) : null,
      userGroupCode: groupCode,
      userStatusCode: UserStatus.Active,
      requestStatusCode: RequestStatus.Approved,
    }),
  );
  await em.flush();
}
