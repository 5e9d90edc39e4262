import { EntitySchema } from '@mikro-orm/core';
import type { MenuCode } from '@namjai/common/menu-catalogue';
import { menuByCode, menuByKey } from '../../platform/auth/menu-catalogue';
import { trigramIndex } from '../../platform/db/search-index';
import { SubDistrict } from '../core/geography.entity';
import {
  type ReferenceDeclaration,
  type ReferenceField,
  type ReferenceRow,
  type ReferenceScreen,
  type ReferenceType,
  textKinds,
} from './reference-kit';

// A reference type from its declaration (reference-kit.ts): the declaration checked, its entity
// (an EntitySchema with its columns, indexes and search index) and its menus and screens.

const pascal = (key: string) =>
  key
    .split(/[-_]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

const now = () => new Date();

function checkDeclaration(decl: ReferenceDeclaration, screens: ReferenceScreen[]): void {
  const fail = (why: string) => {
    throw new Error(`Reference type ${decl.type}: ${why}`);
  };
  if (!/^[A-Z][A-Z0-9_]*$/.test(decl.type)) fail('not an enum name');
  if (!/^[a-z][a-z0-9-]*$/.test(decl.key)) fail(`bad key ${decl.key}`);
  const names = decl.fields.map((f) => f.name);
  for (const required of ['code', 'nameTh', 'nameEn']) {
    if (!names.includes(required)) fail(`must declare ${required}`);
  }
  if (new Set(names).size !== names.length) fail('duplicate fields');
  const reserved = new Set([
    'id',
    'statusCode',
    'active',
    'createdAt',
    'updatedAt',
    'createdById',
    'updatedById',
  ]);
  for (const f of decl.fields) if (reserved.has(f.name)) fail(`${f.name} is a standard column`);
  for (const f of decl.fields) if (f.kind === 'enum' && !f.options.length) fail(`${f.name} has no options`);
  if (decl.scope === 'DIVISION' && decl.fields.find((f) => f.name === 'ownerUnit')?.kind !== 'reference') {
    fail('a DIVISION-scoped type needs an ownerUnit reference field');
  }
  const codes = [
    ...decl.menus.view,
    ...(decl.menus.save ?? []),
    ...(decl.menus.create ?? []),
    ...(decl.menus.edit ?? []),
  ];
  for (const code of codes) if (!menuByCode(code)) fail(`unknown menu code ${code}`);
  for (const s of screens) if (!menuByKey(s.key)) fail(`screen ${s.key} is not a catalogue key`);
}

export function defineReferenceType(decl: ReferenceDeclaration): ReferenceType {
  const screens = decl.screens ?? [
    { key: `save-${decl.key}`, mode: 'SAVE' },
    { key: `view-${decl.key}`, mode: 'VIEW' },
  ];
  checkDeclaration(decl, screens);
  const menus = {
    view: decl.menus.view,
    create: decl.menus.create ?? decl.menus.save ?? [],
    edit: decl.menus.edit ?? decl.menus.save ?? [],
  };
  if (!menus.view.length || !menus.create.length || !menus.edit.length) {
    throw new Error(`Reference type ${decl.type} needs view, create and edit menu codes`);
  }

  let entity = decl.entity as EntitySchema<ReferenceRow> | undefined;
  if (!entity) {
    // biome-ignore lint/suspicious/noExplicitAny: built from the declaration, checked by the drift test
    const properties: Record<string, any> = {
      id: { type: 'integer', primary: true, autoincrement: true },
    };
    for (const f of decl.fields) {
      const nullable = !f.required || f.derived;
      if (f.kind === 'code') properties[f.name] = { type: 'string', length: f.maxLength, unique: true };
      else if (textKinds.includes(f.kind))
        properties[f.name] = { type: 'string', length: f.maxLength, nullable };
      else if (f.kind === 'integer') properties[f.name] = { type: 'integer', nullable };
      else if (f.kind === 'date') properties[f.name] = { type: 'date', nullable };
      else if (f.kind === 'decimal')
        properties[f.name] = { type: 'decimal', precision: 14, scale: f.scale, nullable };
      else if (f.kind === 'enum')
        properties[f.name] = f.numericEnum
          ? { type: 'smallint', nullable }
          : { type: 'string', length: Math.max(...f.options.map((o) => o.value.length)), nullable };
      else if (f.kind === 'reference') {
        const ref = f.refType as () => ReferenceType;
        properties[f.name] = {
          kind: 'm:1',
          entity: () => ref().entity,
          nullable,
          deleteRule: 'restrict',
          index: true,
        };
      } else if (f.kind === 'subDistrict') {
        properties[f.name] = { kind: 'm:1', entity: () => SubDistrict, nullable, deleteRule: 'restrict' };
      } else properties[f.name] = { type: 'boolean', default: false };
    }
    Object.assign(properties, {
      statusCode: { type: 'string', length: 1, default: 'A' },
      createdAt: { type: 'datetime', onCreate: now },
      updatedAt: { type: 'datetime', onCreate: now, onUpdate: now },
      createdById: { type: 'integer', nullable: true },
      updatedById: { type: 'integer', nullable: true },
    });
    entity = new EntitySchema<ReferenceRow>({
      name: `Ref${pascal(decl.key)}`,
      tableName: decl.table,
      properties,
      indexes: [trigramIndex(decl.table, 'name_th'), ...(decl.indexes ?? [])],
    } as ConstructorParameters<typeof EntitySchema<ReferenceRow>>[0]);
  }

  return {
    ...decl,
    entity,
    menus,
    screens,
    scope: decl.scope ?? 'NONE',
    statusProperty: decl.statusProperty ?? 'statusCode',
    createInline: decl.createInline ?? false,
    personalData: decl.personalData ?? false,
    auditColumns: !decl.entity,
    codeField: decl.fields.find((f) => f.name === 'code') as ReferenceField,
    valueFields: decl.fields.filter((f) => f.name !== 'code'),
  };
}

/** Every menu code of the given kind across the types, for the kit's @Menu declarations. */
export function kitMenuCodes(types: readonly ReferenceType[], kind: 'view' | 'create' | 'edit'): MenuCode[] {
  return [...new Set(types.flatMap((t) => t.menus[kind]))].sort();
}
