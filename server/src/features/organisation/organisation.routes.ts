import type { RestRoute } from '../../platform/http/rest';
import type { OrganisationUnit } from './organisation.entity';
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

export const organisationRoutes: RestRoute[] = [
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
