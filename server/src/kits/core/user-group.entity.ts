import { type Collection, defineEntity, type Opt, PrimaryKeyProp, p } from '@mikro-orm/core';
import { MenuEntry } from './menu.entity';
import { menuCodesTrigger } from './menu-codes';

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
    menus: () =>
      p
        .manyToMany(MenuEntry)
        .pivotEntity(() => UserGroupMenu)
        .owner(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  triggers: [menuCodesTrigger('user_group', 'after insert or update of "status_code"', '')],
});

/** A group's grant of a menu entry (the pivot of `UserGroup.menus`). */
export class UserGroupMenu {
  declare [PrimaryKeyProp]?: ['userGroup', 'menuEntry'];
  declare userGroup: UserGroup;
  declare menuEntry: MenuEntry;
}

export const UserGroupMenuSchema = defineEntity({
  class: UserGroupMenu,
  tableName: 'user_group_menu',
  properties: {
    userGroup: () => p.manyToOne(UserGroup).primary().deleteRule('cascade').updateRule('cascade'),
    menuEntry: () => p.manyToOne(MenuEntry).primary().deleteRule('cascade').updateRule('cascade'),
  },
  triggers: [menuCodesTrigger('user_group_menu', 'after insert or update or delete', '')],
});
