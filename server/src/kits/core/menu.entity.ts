import { defineEntity, type Opt, PrimaryKeyProp, p } from '@mikro-orm/core';
import { menuCodesTrigger } from './menu-codes';

/** A row of the menu catalogue (common/data/menu-catalogue.json), synchronised on every start. */
export class MenuEntry {
  declare [PrimaryKeyProp]?: 'code';
  declare code: string;
  declare key: string;
  declare action: string;
  declare section: string;
  declare nameTh: string;
  declare nameEn: string;
  declare route: string | null;
  declare external: boolean & Opt;
  declare statusCode: string & Opt;
  declare remark: string | null;
  declare sortOrder: number;
}

export const MenuEntrySchema = defineEntity({
  class: MenuEntry,
  tableName: 'menu_entry',
  properties: {
    code: p.string().length(6).primary(),
    key: p.string().length(80).unique(),
    action: p.string().length(20),
    section: p.string().length(40),
    nameTh: p.string().length(255),
    nameEn: p.string().length(255),
    route: p.string().length(120).nullable(),
    external: p.boolean().default(false),
    statusCode: p.string().length(1).default('A'),
    remark: p.string().length(500).nullable(),
    sortOrder: p.integer(),
  },
  triggers: [
    menuCodesTrigger(
      'menu_entry',
      'after update of "status_code"',
      'when (old.status_code is distinct from new.status_code) ',
    ),
  ],
});
