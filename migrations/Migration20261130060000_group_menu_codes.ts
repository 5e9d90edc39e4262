import { Migration } from '@mikro-orm/migrations';

// The menu codes a member of each user group holds, kept with the group (docs/security.md, "The
// menu codes of a session"): every request of a logged-in person reads them, and joining the
// group's rows of user_group_menu (95 for an officer) into one string cost PostgreSQL about 0.08 ms
// a request. `user_group_menu_codes` holds, per group, the codes the session read gave: the group's
// grants less the menu entries that are not active, none while the group is inactive; separated by
// spaces (a code has none), in code order. Triggers keep it: a grant added, changed or removed, a menu
// entry's status changed, a group added or its status changed. A refresh first locks the groups' rows
// (`for no key update`: foreign-key checks still pass), so two transactions changing one group's
// grants refresh one after the other, the second seeing the first's rows (a function's statements
// each take a new snapshot).
export class Migration20261130060000_group_menu_codes extends Migration {
  override up(): void {
    this.addSql(`create table "user_group_menu_codes" (
  "user_group_code" varchar(20) not null primary key
    references "user_group" ("code") on update cascade on delete cascade,
  "codes" text not null
);`);
    this.addSql(`create or replace function user_group_menu_codes_refresh(groups text[]) returns void
language plpgsql volatile as $$
begin
  perform 1 from user_group g where g.code = any(groups) order by g.code for no key update;
  insert into user_group_menu_codes (user_group_code, codes)
  select g.code, case when g.status_code = 'A' then array_to_string(array(
      select gm.menu_entry_code from user_group_menu gm join menu_entry m on m.code = gm.menu_entry_code
       where gm.user_group_code = g.code and m.status_code = 'A' order by gm.menu_entry_code), ' ')
    else '' end
  from user_group g where g.code = any(groups)
  on conflict (user_group_code) do update set codes = excluded.codes;
end $$;`);
    this.addSql(`create or replace function user_group_menu_menu_codes_fn() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform user_group_menu_codes_refresh(array[new.user_group_code]);
  elsif tg_op = 'DELETE' then
    perform user_group_menu_codes_refresh(array[old.user_group_code]);
  else
    perform user_group_menu_codes_refresh(array[old.user_group_code, new.user_group_code]);
  end if;
  return null;
end $$;`);
    this.addSql(`create or replace function menu_entry_menu_codes_fn() returns trigger language plpgsql as $$
begin
  perform user_group_menu_codes_refresh(array(
    select distinct gm.user_group_code from user_group_menu gm where gm.menu_entry_code = new.code));
  return null;
end $$;`);
    this.addSql(`create or replace function user_group_menu_codes_fn() returns trigger language plpgsql as $$
begin
  perform user_group_menu_codes_refresh(array[new.code]);
  return null;
end $$;`);
    // As the entities declare them (menuCodesTrigger in server/src/kits/core/user-group.entity.ts).
    this.addSql(
      `create trigger "menu_codes" after insert or update or delete on "user_group_menu" for each row execute function "user_group_menu_menu_codes_fn"();`,
    );
    this.addSql(
      `create trigger "menu_codes" after update of "status_code" on "menu_entry" for each row when (old.status_code is distinct from new.status_code) execute function "menu_entry_menu_codes_fn"();`,
    );
    this.addSql(
      `create trigger "menu_codes" after insert or update of "status_code" on "user_group" for each row execute function "user_group_menu_codes_fn"();`,
    );
    this.addSql('select user_group_menu_codes_refresh(array(select code from user_group));');
  }

  override down(): void {
    this.addSql('drop trigger if exists menu_codes on "user_group";');
    this.addSql('drop trigger if exists menu_codes on "menu_entry";');
    this.addSql('drop trigger if exists menu_codes on "user_group_menu";');
    this.addSql('drop function if exists user_group_menu_codes_fn();');
    this.addSql('drop function if exists menu_entry_menu_codes_fn();');
    this.addSql('drop function if exists user_group_menu_menu_codes_fn();');
    this.addSql('drop function if exists user_group_menu_codes_refresh(text[]);');
    this.addSql('drop table if exists "user_group_menu_codes";');
  }
}
