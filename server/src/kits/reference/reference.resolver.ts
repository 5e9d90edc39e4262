import { LIST_ROWS_DEFAULT, LIST_ROWS_MAX } from '@namjai/common/paging';
import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { badInput } from '../../platform/errors';
import { Menu, Public } from '../../platform/graphql/access';
import type { GraphQLContext } from '../../platform/graphql/context';
import { MaxLength, Range } from '../../platform/graphql/input-limits';
import type { ResolverClass } from '../../platform/graphql/schema';
import { ReferenceService } from './reference.service';
import {
  type ReferenceFieldDescriptorType,
  ReferenceItemPageType,
  ReferenceItemType,
  ReferenceOptionItemType,
  ReferenceTypeDescriptorType,
  ReferenceTypeName,
  type SaveReferenceItemInput,
  saveReferenceItemInputType,
} from './reference.type';
import { kitMenuCodes } from './reference-define';
import { ReferenceImport } from './reference-import';
import { ReferenceImportResultType, ReferenceImportTemplateType } from './reference-import.type';
import { IMPORT_LIMITS } from './reference-import-file';
import { type ReferenceField, type ReferenceType } from './reference-kit';
import { pickListCodes } from './reference-picks';
import { referenceTypeOf, referenceTypes } from './reference-types';
import { type ReferenceItemView, toView } from './reference-view';

function service(ctx: GraphQLContext, type: string): { svc: ReferenceService; ref: ReferenceType } {
  const ref = referenceTypeOf(type);
  if (!ref) throw badInput(`ไม่รู้จักข้อมูลพื้นฐานประเภท ${type}`, `Unknown reference type ${type}`);
  return { svc: new ReferenceService(ctx.em, ctx.auth, ref, { ip: ctx.ip, requestId: ctx.requestId }), ref };
}

/** A declared field as clients read it, to build forms and lists (both kits). */
export function describeField(f: ReferenceField): ReferenceFieldDescriptorType {
  return {
    name: f.name,
    kind: f.kind,
    labelTh: f.label.th,
    labelEn: f.label.en,
    required: f.required,
    maxLength: f.maxLength,
    min: f.min,
    max: f.max,
    scale: f.scale,
    options: f.options.map((o) => ({ value: o.value, labelTh: o.label.th, labelEn: o.label.en })),
    refType: f.refType ? f.refType().type : null,
    inlineCreateMenuCodes: f.refType?.().createInline ? f.refType().menus.create : [],
    derived: f.derived,
    list: f.list,
    search: f.search,
    sort: f.sort,
  };
}

/** Characters of the base64 text of a file of this many bytes. */
const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4;

function importer(ctx: GraphQLContext, type: string): ReferenceImport {
  const { ref } = service(ctx, type);
  return new ReferenceImport(ctx.em, ctx.auth, ref, { ip: ctx.ip, requestId: ctx.requestId });
}

export function describeType(t: ReferenceType): ReferenceTypeDescriptorType {
  return {
    type: t.type,
    key: t.key,
    labelTh: t.label.th,
    labelEn: t.label.en,
    fields: t.fields.map(describeField),
    viewMenuCodes: t.menus.view,
    createMenuCodes: t.menus.create,
    editMenuCodes: t.menus.edit,
    screens: t.screens,
    scope: t.scope,
    createInline: t.createInline,
  };
}

let made: ResolverClass | undefined;

/**
 * The kit's GraphQL fields, made on the first schema build once the features have registered their
 * types: the fields declare every view (or save) code of the kit; the service then requires the
 * code of the type asked for.
 */
export function referenceResolver(): ResolverClass {
  if (made) return made;
  const viewCodes = kitMenuCodes(referenceTypes, 'view');
  const saveCodes = [
    ...new Set([...kitMenuCodes(referenceTypes, 'create'), ...kitMenuCodes(referenceTypes, 'edit')]),
  ].sort();
  const editCodes = kitMenuCodes(referenceTypes, 'edit');
  const SaveInput = saveReferenceItemInputType();

  @Resolver(() => ReferenceItemType)
  class ReferenceResolver {
    @Query(() => [ReferenceTypeDescriptorType], {
      description: 'The declared reference-data types: labels, fields and menu codes, to build screens.',
    })
    @Public()
    referenceTypes(): ReferenceTypeDescriptorType[] {
      return referenceTypes.map(describeType);
    }

    @Query(() => ReferenceItemPageType, {
      description: 'view-<key>: items of one reference type. Default sort code ascending; rows 1–200.',
    })
    @Menu(...viewCodes)
    async referenceItems(
      @Arg('type', () => ReferenceTypeName) type: string,
      @MaxLength(100) @Arg('search', () => String, { nullable: true }) search: string | null,
      @MaxLength(1) @Arg('statusCode', () => String, { nullable: true }) statusCode: string | null,
      @Range(1) @Arg('currentPage', () => Int, { defaultValue: 1 }) currentPage: number,
      @Range(1, LIST_ROWS_MAX) @Arg('rows', () => Int, { defaultValue: LIST_ROWS_DEFAULT }) rows: number,
      @MaxLength(40) @Arg('sort', () => String, { nullable: true }) sort: string | null,
      @MaxLength(10) @Arg('direction', () => String, { nullable: true }) direction: string | null,
      @Ctx() ctx: GraphQLContext,
    ): Promise<{ items: ReferenceItemView[]; total: number; currentPage: number; rows: number }> {
      const { svc, ref } = service(ctx, type);
      const result = await svc.list({ search, statusCode, currentPage, rows, sort, direction });
      return { items: result.items.map((r) => toView(ref, r)), total: result.total, currentPage, rows };
    }

    @Query(() => [ReferenceOptionItemType], {
      description:
        'Active items of a type for pick lists: codes and names, for any screen that picks items (the kit, documents, stock, reports); a personal-data type (DONATOR) needs its own codes or those of a screen that chooses a donor.',
    })
    @Menu(...pickListCodes)
    async referenceOptions(
      @Arg('type', () => ReferenceTypeName) type: string,
      @MaxLength(100) @Arg('search', () => String, { nullable: true }) search: string | null,
      @Range(1, LIST_ROWS_MAX) @Arg('rows', () => Int, { defaultValue: 50 }) rows: number,
      @MaxLength(40)
      @Arg('documentType', () => String, {
        nullable: true,
        description:
          'The document type whose form picks (with documentField): only what saving that document accepts from the caller.',
      })
      documentType: string | null,
      @MaxLength(80)
      @Arg('documentField', () => String, {
        nullable: true,
        description:
          'The form field that picks: a header field (`storage`) or a line field (`lines.resource`).',
      })
      documentField: string | null,
      @Ctx() ctx: GraphQLContext,
    ): Promise<ReferenceOptionItemType[]> {
      if ((documentType == null) !== (documentField == null))
        throw badInput('ต้องระบุทั้งเอกสารและช่อง', 'documentType and documentField go together');
      const form =
        documentType != null && documentField != null ? { documentType, field: documentField } : null;
      const rowsFound = await service(ctx, type).svc.options(search, rows, form);
      return rowsFound.map((r) => ({ id: r.id, code: r.code, nameTh: r.nameTh, nameEn: r.nameEn ?? null }));
    }

    @Query(() => ReferenceItemType, { description: 'view-<key>: one item.' })
    @Menu(...viewCodes)
    async referenceItem(
      @Arg('type', () => ReferenceTypeName) type: string,
      @Arg('id', () => Int) id: number,
      @Ctx() ctx: GraphQLContext,
    ): Promise<ReferenceItemView> {
      const { svc, ref } = service(ctx, type);
      return toView(ref, await svc.get(id));
    }

    @Mutation(() => ReferenceItemType, {
      description: 'save-<key>: creates (no id) or updates an item; the code is upper-cased and unique.',
    })
    @Menu(...saveCodes)
    async saveReferenceItem(
      @Arg('type', () => ReferenceTypeName) type: string,
      @Arg('input', () => SaveInput) input: SaveReferenceItemInput,
      @Ctx() ctx: GraphQLContext,
    ): Promise<ReferenceItemView> {
      const { svc, ref } = service(ctx, type);
      return toView(ref, await svc.save(input));
    }

    @Mutation(() => ReferenceItemType, {
      description: 'save-<key>: A activates, I deactivates (the item stays, hidden from pick lists).',
    })
    @Menu(...editCodes)
    async setReferenceItemStatus(
      @Arg('type', () => ReferenceTypeName) type: string,
      @Arg('id', () => Int) id: number,
      @MaxLength(1) @Arg('statusCode', () => String) statusCode: string,
      @Ctx() ctx: GraphQLContext,
    ): Promise<ReferenceItemView> {
      const { svc, ref } = service(ctx, type);
      return toView(ref, await svc.setStatus(id, statusCode));
    }

    @Query(() => ReferenceImportTemplateType, {
      description: 'save-<key>: a CSV template for importing the type (its fields as columns, an example).',
    })
    @Menu(...saveCodes)
    referenceImportTemplate(
      @Arg('type', () => ReferenceTypeName) type: string,
      @Ctx() ctx: GraphQLContext,
    ): Promise<ReferenceImportTemplateType> {
      return importer(ctx, type).template();
    }

    @Mutation(() => ReferenceImportResultType, {
      description:
        'save-<key> (create and edit): checks a CSV or XLSX file (base64, at most 2 MB and 5,000 rows) row by row with the checks of a single save, and writes nothing.',
    })
    @Menu(...saveCodes)
    previewReferenceImport(
      @Arg('type', () => ReferenceTypeName) type: string,
      @MaxLength(base64Length(IMPORT_LIMITS.maxBytes))
      @Arg('file', () => String, { description: 'The file\u2019s bytes in base64.' })
      file: string,
      @MaxLength(255) @Arg('fileName', () => String) fileName: string,
      @Ctx() ctx: GraphQLContext,
    ): Promise<ReferenceImportResultType> {
      return importer(ctx, type).run(file, fileName, false);
    }

    @Mutation(() => ReferenceImportResultType, {
      description:
        'save-<key> (create and edit): imports the file in one transaction; when any row is refused nothing is written (committed false, the rows say why).',
    })
    @Menu(...saveCodes)
    commitReferenceImport(
      @Arg('type', () => ReferenceTypeName) type: string,
      @MaxLength(base64Length(IMPORT_LIMITS.maxBytes))
      @Arg('file', () => String, { description: 'The file\u2019s bytes in base64.' })
      file: string,
      @MaxLength(255) @Arg('fileName', () => String) fileName: string,
      @Ctx() ctx: GraphQLContext,
    ): Promise<ReferenceImportResultType> {
      return importer(ctx, type).run(file, fileName, true);
    }

    @Mutation(() => Boolean, {
      description: 'save-<key>: deletes an item nothing refers to; an item in use is refused (CONFLICT).',
    })
    @Menu(...editCodes)
    deleteReferenceItem(
      @Arg('type', () => ReferenceTypeName) type: string,
      @Arg('id', () => Int) id: number,
      @Ctx() ctx: GraphQLContext,
    ): Promise<boolean> {
      return service(ctx, type).svc.delete(id);
    }
  }
  made = ReferenceResolver;
  return made;
}
