import type { EntityManager } from '@mikro-orm/postgresql';
import { positions, titleNames, userStatuses } from '../../kits/core/person-lists';
import type { RestRoute } from '../../platform/http/rest';

export interface MinistryTreeNode {
  code: string;
  nameTh: string;
  nameEn: string;
  officeTypeCode: number;
  children: MinistryTreeNode[];
}

export const officeTypes = [
  { code: 1, nameTh: 'กระทรวง', nameEn: 'Ministry' },
  { code: 2, nameTh: 'กรม', nameEn: 'Department' },
  { code: 3, nameTh: 'สำนัก/กอง (ส่วนกลาง)', nameEn: 'Central bureau' },
  { code: 4, nameTh: 'กลุ่มงาน/ฝ่าย (ส่วนกลาง)', nameEn: 'Central division' },
  { code: 5, nameTh: 'สำนักงาน/หน่วยงานระดับจังหวัด', nameEn: 'Provincial office' },
  { code: 6, nameTh: 'หน่วยงานย่อยระดับจังหวัด', nameEn: 'Provincial unit' },
];

/** office-type2: the four levels the shell shows (3 and 5 are bureaus, 4 and 6 divisions). */
const officeLevels = [
  { code: 1, nameTh: 'กระทรวง', nameEn: 'Ministry', officeTypes: [1] },
  { code: 2, nameTh: 'กรม', nameEn: 'Department', officeTypes: [2] },
  { code: 3, nameTh: 'สำนัก/กอง', nameEn: 'Bureau', officeTypes: [3, 5] },
  { code: 4, nameTh: 'กลุ่ม/ฝ่าย', nameEn: 'Division', officeTypes: [4, 6] },
];

interface UnitRow {
  id: number;
  parent_id: number | null;
  code: string;
  name_th: string;
  name_en: string;
  office_type: number;
  parent_code: string | null;
}

/**
 * Active units with their parent's code, as plain rows in one statement (no entities). These lists
 * are startup lists every page asks for once it is drawn (client platform/startup-lists.ts); loaded
 * as entities, the tree one level at a time, they took 12-17 ms of the server's CPU each
 * (docs/public-site.md, "The server's part of a first visit").
 */
async function activeUnits(
  request: { em: EntityManager },
  order: 'path' | 'code',
  types?: number[],
): Promise<UnitRow[]> {
  return request.em.getConnection().execute<UnitRow[]>(
    `select u.id, u.parent_id, u.code, u.name_th, u.name_en, u.office_type, p.code as parent_code
       from organisation_unit u left join organisation_unit p on p.id = u.parent_id
      where u.active${types ? ' and u.office_type = any(?::smallint[])' : ''}
      order by u.${order}`,
    types ? [`{${types.join(',')}}`] : [],
  );
}

async function flatUnits(request: { em: EntityManager }, types?: number[]) {
  return (await activeUnits(request, 'path', types)).map((u) => ({
    code: u.code,
    nameTh: u.name_th,
    nameEn: u.name_en,
    officeTypeCode: u.office_type,
    parentCode: u.parent_code,
  }));
}

/** The active units as a tree: roots and each unit's children by code; below an inactive unit, nothing. */
async function ministryTree(request: { em: EntityManager }): Promise<MinistryTreeNode[]> {
  // By code, so each list of children is in code order as it is built.
  const rows = await activeUnits(request, 'code');
  const nodes = new Map<number, MinistryTreeNode>();
  for (const u of rows)
    nodes.set(u.id, {
      code: u.code,
      nameTh: u.name_th,
      nameEn: u.name_en,
      officeTypeCode: u.office_type,
      children: [],
    });
  const roots: MinistryTreeNode[] = [];
  for (const u of rows) {
    const node = nodes.get(u.id) as MinistryTreeNode;
    if (u.parent_id === null) roots.push(node);
    else nodes.get(u.parent_id)?.children.push(node);
  }
  return roots;
}

const list = (url: string, handler: RestRoute['handler']): RestRoute => ({
  method: 'GET',
  url,
  access: { public: true },
  handler,
});

export const organisationRoutes: RestRoute[] = [
  list('/common/office-type', async () => officeTypes),
  list('/common/office-type2', async () => officeLevels),
  list('/common/office-type-tree2', async (request) => {
    const units = await flatUnits(request);
    return officeLevels.map((level) => ({
      ...level,
      units: units.filter((u) => level.officeTypes.includes(u.officeTypeCode)),
    }));
  }),
  list('/common/ministry-tree2', (request) => flatUnits(request)),
  list('/common/department', (request) => flatUnits(request, [2])),
  list('/common/bureau', (request) => flatUnits(request, [3, 5])),
  list('/common/division', (request) => flatUnits(request, [4, 6])),
  list('/common/title-name', async () => titleNames),
  list('/common/position', async () => positions),
  list('/common/user-status', async () => userStatuses),
  {
    method: 'GET',
    url: '/common/ministry-tree',
    access: { public: true },
    handler: (request) => ministryTree(request),
  },
];
