import type { TriggerDef } from '@mikro-orm/core';

/**
 * A trigger that keeps the menu codes each group's members hold (`user_group_menu_codes`): its
 * function, `<table>_menu_codes_fn`, is created by Migration20261130060000_group_menu_codes. Declared
 * on the entities so the drift test sees it (migrations.test.ts).
 */
export function menuCodesTrigger(table: string, events: string, when: string): TriggerDef {
  return {
    name: 'menu_codes',
    timing: 'after',
    events: [],
    forEach: 'row',
    expression: `create trigger "menu_codes" ${events} on "${table}" for each row ${when}execute function "${table}_menu_codes_fn"();`,
  };
}
