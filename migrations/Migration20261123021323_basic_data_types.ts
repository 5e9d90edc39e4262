import { Migration } from '@mikro-orm/migrations';

export class Migration20261123021323_basic_data_types extends Migration {
  override name = 'Migration20261123021323_basic_data_types';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "ref_missing_excess_reason" ("id" serial primary key, "code" varchar(20) not null, "name_th" varchar(255) not null, "name_en" varchar(255) null, "direction" varchar(7) not null, "status_code" varchar(1) not null default 'A', "created_at" timestamptz not null, "updated_at" timestamptz not null, "created_by_id" int null, "updated_by_id" int null);`,
    );
    this.addSql(
      `alter table "ref_missing_excess_reason" add constraint "ref_missing_excess_reason_code_unique" unique ("code");`,
    );
    this.addSql(
      `create index "ref_missing_excess_reason_name_th_trgm" on "ref_missing_excess_reason" using gin ("name_th" gin_trgm_ops);`,
    );

    this.addSql(
      `create table "ref_resource_main" ("id" serial primary key, "code" varchar(20) not null, "name_th" varchar(255) not null, "name_en" varchar(255) null, "description" varchar(1000) null, "status_code" varchar(1) not null default 'A', "created_at" timestamptz not null, "updated_at" timestamptz not null, "created_by_id" int null, "updated_by_id" int null);`,
    );
    this.addSql(
      `alter table "ref_resource_main" add constraint "ref_resource_main_code_unique" unique ("code");`,
    );
    this.addSql(
      `create index "ref_resource_main_name_th_trgm" on "ref_resource_main" using gin ("name_th" gin_trgm_ops);`,
    );

    this.addSql(
      `create table "ref_resource_sub" ("id" serial primary key, "code" varchar(20) not null, "name_th" varchar(255) not null, "name_en" varchar(255) null, "resource_main_id" int not null, "status_code" varchar(1) not null default 'A', "created_at" timestamptz not null, "updated_at" timestamptz not null, "created_by_id" int null, "updated_by_id" int null);`,
    );
    this.addSql(
      `alter table "ref_resource_sub" add constraint "ref_resource_sub_code_unique" unique ("code");`,
    );
    this.addSql(
      `create index "ref_resource_sub_resource_main_id_index" on "ref_resource_sub" ("resource_main_id");`,
    );
    this.addSql(
      `create index "ref_resource_sub_name_th_trgm" on "ref_resource_sub" using gin ("name_th" gin_trgm_ops);`,
    );

    this.addSql(
      `create table "ref_size_weight" ("id" serial primary key, "code" varchar(20) not null, "name_th" varchar(255) not null, "name_en" varchar(255) null, "width_cm" numeric(14,2) null, "length_cm" numeric(14,2) null, "height_cm" numeric(14,2) null, "weight_kg" numeric(14,3) null, "status_code" varchar(1) not null default 'A', "created_at" timestamptz not null, "updated_at" timestamptz not null, "created_by_id" int null, "updated_by_id" int null);`,
    );
    this.addSql(
      `alter table "ref_size_weight" add constraint "ref_size_weight_code_unique" unique ("code");`,
    );
    this.addSql(
      `create index "ref_size_weight_name_th_trgm" on "ref_size_weight" using gin ("name_th" gin_trgm_ops);`,
    );

    this.addSql(
      `create table "ref_resource" ("id" serial primary key, "code" varchar(20) not null, "name_th" varchar(255) not null, "name_en" varchar(255) null, "resource_sub_id" int not null, "counting_unit_id" int not null, "size_weight_id" int null, "character" varchar(4) null, "description" varchar(1000) null, "status_code" varchar(1) not null default 'A', "created_at" timestamptz not null, "updated_at" timestamptz not null, "created_by_id" int null, "updated_by_id" int null);`,
    );
    this.addSql(`alter table "ref_resource" add constraint "ref_resource_code_unique" unique ("code");`);
    this.addSql(`create index "ref_resource_resource_sub_id_index" on "ref_resource" ("resource_sub_id");`);
    this.addSql(`create index "ref_resource_counting_unit_id_index" on "ref_resource" ("counting_unit_id");`);
    this.addSql(`create index "ref_resource_size_weight_id_index" on "ref_resource" ("size_weight_id");`);
    this.addSql(
      `create index "ref_resource_name_th_trgm" on "ref_resource" using gin ("name_th" gin_trgm_ops);`,
    );

    this.addSql(
      `create table "ref_external_office" ("id" serial primary key, "code" varchar(20) not null, "name_th" varchar(255) not null, "name_en" varchar(255) null, "sector" varchar(16) not null, "contact_name" varchar(255) null, "phone" varchar(100) null, "email" varchar(254) null, "address_line" varchar(500) null, "sub_district_id" int null, "status_code" varchar(1) not null default 'A', "created_at" timestamptz not null, "updated_at" timestamptz not null, "created_by_id" int null, "updated_by_id" int null);`,
    );
    this.addSql(
      `alter table "ref_external_office" add constraint "ref_external_office_code_unique" unique ("code");`,
    );
    this.addSql(
      `create index "ref_external_office_name_th_trgm" on "ref_external_office" using gin ("name_th" gin_trgm_ops);`,
    );

    this.addSql(
      `create table "ref_donator" ("id" serial primary key, "code" varchar(20) not null, "donor_type" varchar(9) not null, "name_th" varchar(255) not null, "name_en" varchar(255) null, "tax_id" varchar(13) null, "phone" varchar(100) null, "email" varchar(254) null, "address_line" varchar(500) null, "sub_district_id" int null, "status_code" varchar(1) not null default 'A', "created_at" timestamptz not null, "updated_at" timestamptz not null, "created_by_id" int null, "updated_by_id" int null);`,
    );
    this.addSql(`alter table "ref_donator" add constraint "ref_donator_code_unique" unique ("code");`);
    this.addSql(
      `create index "ref_donator_name_th_trgm" on "ref_donator" using gin ("name_th" gin_trgm_ops);`,
    );

    this.addSql(
      `create table "ref_storage" ("id" serial primary key, "code" varchar(20) not null, "name_th" varchar(255) not null, "name_en" varchar(255) null, "owner_unit_id" int not null, "address_line" varchar(500) null, "sub_district_id" int null, "phone" varchar(100) null, "status_code" varchar(1) not null default 'A', "created_at" timestamptz not null, "updated_at" timestamptz not null, "created_by_id" int null, "updated_by_id" int null);`,
    );
    this.addSql(`alter table "ref_storage" add constraint "ref_storage_code_unique" unique ("code");`);
    this.addSql(`create index "ref_storage_owner_unit_id_index" on "ref_storage" ("owner_unit_id");`);
    this.addSql(
      `create index "ref_storage_name_th_trgm" on "ref_storage" using gin ("name_th" gin_trgm_ops);`,
    );

    this.addSql(
      `create table "ref_resource_minimum" ("id" serial primary key, "code" varchar(41) not null, "name_th" varchar(255) null, "name_en" varchar(255) null, "resource_id" int not null, "storage_id" int not null, "minimum_quantity" numeric(14,2) not null, "status_code" varchar(1) not null default 'A', "created_at" timestamptz not null, "updated_at" timestamptz not null, "created_by_id" int null, "updated_by_id" int null);`,
    );
    this.addSql(
      `alter table "ref_resource_minimum" add constraint "ref_resource_minimum_code_unique" unique ("code");`,
    );
    this.addSql(
      `create index "ref_resource_minimum_resource_id_index" on "ref_resource_minimum" ("resource_id");`,
    );
    this.addSql(
      `create index "ref_resource_minimum_storage_id_index" on "ref_resource_minimum" ("storage_id");`,
    );
    this.addSql(
      `create index "ref_resource_minimum_name_th_trgm" on "ref_resource_minimum" using gin ("name_th" gin_trgm_ops);`,
    );

    this.addSql(
      `create table "ref_money_account" ("id" serial primary key, "code" varchar(20) not null, "name_th" varchar(255) not null, "name_en" varchar(255) null, "owner_unit_id" int not null, "bank_code" varchar(3) not null, "account_number" varchar(20) not null, "branch" varchar(255) null, "prompt_pay_id" varchar(13) null, "status_code" varchar(1) not null default 'A', "created_at" timestamptz not null, "updated_at" timestamptz not null, "created_by_id" int null, "updated_by_id" int null);`,
    );
    this.addSql(
      `alter table "ref_money_account" add constraint "ref_money_account_code_unique" unique ("code");`,
    );
    this.addSql(
      `create index "ref_money_account_owner_unit_id_index" on "ref_money_account" ("owner_unit_id");`,
    );
    this.addSql(
      `create index "ref_money_account_name_th_trgm" on "ref_money_account" using gin ("name_th" gin_trgm_ops);`,
    );

    this.addSql(
      `alter table "ref_resource_sub" add constraint "ref_resource_sub_resource_main_id_foreign" foreign key ("resource_main_id") references "ref_resource_main" ("id") on delete restrict;`,
    );

    this.addSql(
      `alter table "ref_resource" add constraint "ref_resource_resource_sub_id_foreign" foreign key ("resource_sub_id") references "ref_resource_sub" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "ref_resource" add constraint "ref_resource_counting_unit_id_foreign" foreign key ("counting_unit_id") references "ref_counting_unit" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "ref_resource" add constraint "ref_resource_size_weight_id_foreign" foreign key ("size_weight_id") references "ref_size_weight" ("id") on delete restrict;`,
    );

    this.addSql(
      `alter table "ref_external_office" add constraint "ref_external_office_sub_district_id_foreign" foreign key ("sub_district_id") references "geo_sub_district" ("id") on delete restrict;`,
    );

    this.addSql(
      `alter table "ref_donator" add constraint "ref_donator_sub_district_id_foreign" foreign key ("sub_district_id") references "geo_sub_district" ("id") on delete restrict;`,
    );

    this.addSql(
      `alter table "ref_storage" add constraint "ref_storage_owner_unit_id_foreign" foreign key ("owner_unit_id") references "organisation_unit" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "ref_storage" add constraint "ref_storage_sub_district_id_foreign" foreign key ("sub_district_id") references "geo_sub_district" ("id") on delete restrict;`,
    );

    this.addSql(
      `alter table "ref_resource_minimum" add constraint "ref_resource_minimum_resource_id_foreign" foreign key ("resource_id") references "ref_resource" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "ref_resource_minimum" add constraint "ref_resource_minimum_storage_id_foreign" foreign key ("storage_id") references "ref_storage" ("id") on delete restrict;`,
    );

    this.addSql(
      `alter table "ref_money_account" add constraint "ref_money_account_owner_unit_id_foreign" foreign key ("owner_unit_id") references "organisation_unit" ("id") on delete restrict;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "ref_resource_sub" drop constraint "ref_resource_sub_resource_main_id_foreign";`,
    );
    this.addSql(`alter table "ref_resource" drop constraint "ref_resource_resource_sub_id_foreign";`);
    this.addSql(`alter table "ref_resource" drop constraint "ref_resource_size_weight_id_foreign";`);
    this.addSql(
      `alter table "ref_resource_minimum" drop constraint "ref_resource_minimum_resource_id_foreign";`,
    );
    this.addSql(
      `alter table "ref_resource_minimum" drop constraint "ref_resource_minimum_storage_id_foreign";`,
    );

    this.addSql(`drop table if exists "ref_missing_excess_reason" cascade;`);
    this.addSql(`drop table if exists "ref_resource_main" cascade;`);
    this.addSql(`drop table if exists "ref_resource_sub" cascade;`);
    this.addSql(`drop table if exists "ref_size_weight" cascade;`);
    this.addSql(`drop table if exists "ref_resource" cascade;`);
    this.addSql(`drop table if exists "ref_external_office" cascade;`);
    this.addSql(`drop table if exists "ref_donator" cascade;`);
    this.addSql(`drop table if exists "ref_storage" cascade;`);
    this.addSql(`drop table if exists "ref_resource_minimum" cascade;`);
    this.addSql(`drop table if exists "ref_money_account" cascade;`);
  }
}
