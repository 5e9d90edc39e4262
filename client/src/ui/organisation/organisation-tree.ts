import type { OrganisationTreeQuery } from '../../gql/graphql';
import type { Language } from '../../platform/language';

export interface OrganisationNode {
  code: string;
  nameTh: string;
  nameEn: string;
  officeType: number;
  children: OrganisationNode[];
}

/** Codes chosen at each level; '' where nothing is chosen. */
export interface OrganisationPath {
  ministry: string;
  department: string;
  bureau: string;
  division: string;
}

export const EMPTY_ORGANISATION_PATH: OrganisationPath = {
  ministry: '',
  department: '',
  bureau: '',
  division: '',
};

export const ORGANISATION_LEVELS = ['ministry', 'department', 'bureau', 'division'] as const;
export type OrganisationLevel = (typeof ORGANISATION_LEVELS)[number];

interface RawNode {
  code: string;
  nameTh: string;
  nameEn: string;
  officeType: number;
  children?: readonly RawNode[];
}

/** The query's fixed-depth result as one recursive shape. */
export function toOrganisationNodes(tree: OrganisationTreeQuery['organisationTree']): OrganisationNode[] {
  const convert = (node: RawNode): OrganisationNode => ({
    code: node.code,
    nameTh: node.nameTh,
    nameEn: node.nameEn,
    officeType: node.officeType,
    children: (node.children ?? []).map(convert),
  });
  return tree.map(convert);
}

/** The choices of each level given the levels above it. */
export function optionsByLevel(
  roots: readonly OrganisationNode[],
  path: OrganisationPath,
): Record<OrganisationLevel, OrganisationNode[]> {
  const ministry = roots.find((node) => node.code === path.ministry);
  const department = ministry?.children.find((node) => node.code === path.department);
  const bureau = department?.children.find((node) => node.code === path.bureau);
  return {
    ministry: [...roots],
    department: ministry?.children ?? [],
    bureau: department?.children ?? [],
    division: bureau?.children ?? [],
  };
}

/** Changing a level clears the levels below it. */
export function choose(path: OrganisationPath, level: OrganisationLevel, code: string): OrganisationPath {
  const index = ORGANISATION_LEVELS.indexOf(level);
  const next = { ...path, [level]: code };
  for (const lower of ORGANISATION_LEVELS.slice(index + 1)) next[lower] = '';
  return next;
}

/** The most specific unit chosen, or null when none is. */
export function deepestUnit(
  roots: readonly OrganisationNode[],
  path: OrganisationPath,
): OrganisationNode | null {
  const options = optionsByLevel(roots, path);
  for (const level of [...ORGANISATION_LEVELS].reverse()) {
    const node = options[level].find((candidate) => candidate.code === path[level]);
    if (node) return node;
  }
  return null;
}

export function unitName(node: Pick<OrganisationNode, 'nameTh' | 'nameEn'>, language: Language): string {
  return language === 'en' ? node.nameEn : node.nameTh;
}
