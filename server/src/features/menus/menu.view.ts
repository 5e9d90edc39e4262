/** A menu entry as callers read it (GraphQL MenuEntry, the login's userdata.menus). */
export interface MenuRecord {
  code: string;
  key: string;
  action: string;
  section: string;
  nameTh: string;
  nameEn: string;
  route: string | null;
  external: boolean;
  statusCode: string;
}

/** A menu entry (an entity, or a row with its fields) as callers read it. */
export const toMenuRecord = (m: MenuRecord): MenuRecord => ({
  code: m.code,
  key: m.key,
  action: m.action,
  section: m.section,
  nameTh: m.nameTh,
  nameEn: m.nameEn,
  route: m.route,
  external: m.external,
  statusCode: m.statusCode,
});
