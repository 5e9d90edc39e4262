import type { EntityManager } from '@mikro-orm/postgresql';
import { OrganisationUnit } from '../../kits/core/organisation.entity';
import { positions, titleNames, userStatuses } from '../../kits/core/person-lists';
import type { RestRoute } from '../../platform/http/rest';
import { OrganisationService } from './organisation.service';

export interface MinistryTreeNode {
  code: string;
  nameTh: string;
  nameEn: string;
  officeTypeCode: number;
  children: MinistryTreeNode[];
}

async function toNode(service: OrganisationService, unit: OrganisationUnit): Promise<MinistryTreeNode> {
  const children = await service.children(unit);
  return {
    code: unit.code,
    nameTh: unit.nameTh,
    nameEn: unit.nameEn,
    officeTypeCode: unit.officeType,
    children: await Promise.all(children.map((c) => toNode(service, c))),
  };
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

async function flatUnits(request: { em: EntityManager }, types?: number[]) {
  const where = types ? { active: true, officeType: { $in: types } } : { active: true };
  const units = await request.em.find(OrganisationUnit, where, {
    orderBy: { path: 'asc' },
    populate: ['parent'],
  });
  return units.map((u) => ({
    code: u.code,
    nameTh: u.nameTh,
    nameEn: u.nameEn,
    officeTypeCode: u.officeType,
    parentCode: u.parent?.getEntity().code ?? null,
  }));
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
    async handler(request) {
      const service = new OrganisationService(request.em);
      const roots = await service.roots();
      return Promise.all(roots.map((r) => toNode(service, r)));
    },
  },
];
