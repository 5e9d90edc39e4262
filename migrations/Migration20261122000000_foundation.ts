import { Migration } from '@mikro-orm/migrations';

/** Foundation: Thai geography, the organisation tree, trigram search on Thai names. */
export class Migration20261122000000_foundation extends Migration {
  override async up(): Promise<void> {
    this.addSql('create extension if not exists pg_trgm;');

    this.addSql(`create table "geo_region" (
      "id" smallint not null, "name_th" varchar(100) not null, "name_en" varchar(100) not null,
      constraint "geo_region_pkey" primary key ("id"));`);
    this.addSql(`create table "geo_province" (
      "id" smallint not null, "name_th" varchar(100) not null, "name_en" varchar(100) not null,
      "region_id" smallint not null,
      constraint "geo_province_pkey" primary key ("id"));`);
    this.addSql(`create table "geo_district" (
      "id" int not null, "name_th" varchar(100) not null, "name_en" varchar(100) not null,
      "province_id" smallint not null,
      constraint "geo_district_pkey" primary key ("id"));`);
    this.addSql(`create table "geo_sub_district" (
      "id" int not null, "name_th" varchar(100) not null, "name_en" varchar(100) not null,
      "postcode" varchar(5) not null, "latitude" double precision null, "longitude" double precision null,
      "district_id" int not null,
      constraint "geo_sub_district_pkey" primary key ("id"));`);
    this.addSql('create index "geo_sub_district_postcode_index" on "geo_sub_district" ("postcode");');
    this.addSql(`alter table "geo_province" add constraint "geo_province_region_id_foreign"
      foreign key ("region_id") references "geo_region" ("id");`);
    this.addSql(`alter table "geo_district" add constraint "geo_district_province_id_foreign"
      foreign key ("province_id") references "geo_province" ("id");`);
    this.addSql(`alter table "geo_sub_district" add constraint "geo_sub_district_district_id_foreign"
      foreign key ("district_id") references "geo_district" ("id");`);

    this.addSql(`create table "organisation_unit" (
      "id" serial primary key,
      "code" varchar(32) not null,
      "name_th" varchar(255) not null,
      "name_en" varchar(255) not null,
      "office_type" smallint not null,
      "parent_id" int null,
      "path" varchar(255) not null default '/',
      "province_id" smallint null,
      "sub_district_id" int null,
      "address_line" varchar(500) null,
      "latitude" double precision null,
      "longitude" double precision null,
      "phone" varchar(100) null,
      "opening_hours" varchar(255) null,
      "accepts_donations" boolean not null default false,
      "active" boolean not null default true,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      constraint "organisation_unit_office_type_check" check (office_type >= 1 and office_type <= 6),
      constraint "organisation_unit_latitude_check" check (abs(latitude) <= '90'),
      constraint "organisation_unit_longitude_check" check (abs(longitude) <= '180'));`);
    this.addSql(
      'alter table "organisation_unit" add constraint "organisation_unit_code_unique" unique ("code");',
    );
    this.addSql('create index "organisation_unit_parent_id_index" on "organisation_unit" ("parent_id");');
    this.addSql('create index "organisation_unit_path_index" on "organisation_unit" ("path");');
    this.addSql('create index "organisation_unit_province_id_index" on "organisation_unit" ("province_id");');
    this.addSql(`alter table "organisation_unit" add constraint "organisation_unit_parent_id_foreign"
      foreign key ("parent_id") references "organisation_unit" ("id") on delete restrict;`);
    this.addSql(`alter table "organisation_unit" add constraint "organisation_unit_province_id_foreign"
      foreign key ("province_id") references "geo_province" ("id") on delete restrict;`);
    this.addSql(`alter table "organisation_unit" add constraint "organisation_unit_sub_district_id_foreign"
      foreign key ("sub_district_id") references "geo_sub_district" ("id") on delete restrict;`);

    // Thai substring search (ILIKE '%…%') uses these trigram indexes.
    for (const [table, column] of [
      ['organisation_unit', 'name_th'],
      ['organisation_unit', 'name_en'],
      ['geo_province', 'name_th'],
      ['geo_district', 'name_th'],
      ['geo_sub_district', 'name_th'],
    ]) {
      this.addSql(
        `create index "${table}_${column}_trgm" on "${table}" using gin ("${column}" gin_trgm_ops);`,
      );
    }
  }
}
