import { type Collection, defineEntity, type Opt, PrimaryKeyProp, p } from '@mikro-orm/core';
import { MenuEntry } from './menu.entity';

/** Status codes of groups and menu entries: A active, I inactive (deleting a group sets I). */
export const RecordStatus = { Active: 'A', Inactive: 'I' } as const;

export class UserGroup {
  declare [PrimaryKeyProp]?: 'code';
  declare code: string;
  declare name: string;
  declare statusCode: string & Opt;
  declare remark: string | null;
  /** Groups the product depends on (UG-I01 donors, UG-A01 administrators) cannot be deleted. */
  declare fixed: boolean & Opt;
  declare transactionCode: string | null;
  declare menus: Collection<MenuEntry>;
  declare createdAt: Date & Opt;
  declare updatedAt: Date & Opt;
}

export const UserGroupSchema = defineEntity({
  class: UserGroup,
  tableName: 'user_group',
  properties: {
    code: p.string().length(20).primary(),
    name: p.string().length(255),
    statusCode: p.string().length(1).default('A'),
    remark: p.string().length(500).nullable(),
    fixed: p.boolean().default(false),
    transactionCode: p.string().length(64).nullable(),
    menus: () => p.manyToMany(MenuEntry).pivotTable('user_group_menu').owner(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
