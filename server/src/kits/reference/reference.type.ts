import { GraphQLScalarType } from 'graphql';
import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, Float, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Identity } from '../../platform/graphql/identity';
import { MaxLength } from '../../platform/graphql/input-limits';
import { referenceTypeNames, referenceTypes } from './reference-types';

/**
 * graphql-scalars' JSONObject without its @specifiedBy URL: introspection (and so the schema the
 * server serves) does not carry it, and the committed schema.graphql must equal what is served.
 */
export const JSONObjectScalar = new GraphQLScalarType({
  ...GraphQLJSONObject.toConfig(),
  specifiedByURL: null,
});

/** One enum value per declared reference type (COUNTING_UNIT, …), filled as features register them. */
export const ReferenceTypeName = referenceTypeNames;
registerEnumType(ReferenceTypeName, {
  name: 'ReferenceTypeName',
  description: 'A reference-data type declared with the reference-data kit.',
});

@ObjectType('ReferenceOption')
export class ReferenceOptionType {
  @Field(() => String) value!: string;
  @Field(() => String) labelTh!: string;
  @Field(() => String) labelEn!: string;
}

@ObjectType('ReferenceScreen')
export class ReferenceScreenType {
  @Field(() => String, { description: 'A menu catalogue key, e.g. save-resource.' }) key!: string;
  @Field(() => String, {
    description: 'VIEW read-only; SAVE create and edit; ADD create only; EDIT edit, (de)activate and delete.',
  })
  mode!: string;
}

@ObjectType('ReferenceFieldDescriptor')
export class ReferenceFieldDescriptorType {
  @Field(() => String, { description: 'Key in an item\u2019s values (code is the item\u2019s own field).' })
  name!: string;
  @Field(() => String, {
    description:
      'code, text, integer, decimal, boolean, enum, taxId, email, phone, reference or subDistrict.',
  })
  kind!: string;
  @Field(() => String) labelTh!: string;
  @Field(() => String) labelEn!: string;
  @Field(() => Boolean) required!: boolean;
  @Field(() => Int, { nullable: true }) maxLength!: number | null;
  @Field(() => Float, { nullable: true }) min!: number | null;
  @Field(() => Float, { nullable: true }) max!: number | null;
  @Field(() => Int, { nullable: true, description: 'decimal: digits after the point.' }) scale!:
    | number
    | null;
  @Field(() => [ReferenceOptionType], { description: 'enum: the allowed values.' })
  options!: ReferenceOptionType[];
  @Field(() => ReferenceTypeName, {
    nullable: true,
    description: 'reference: the type whose items are the choices.',
  })
  refType!: string | null;
  @Field(() => [String], {
    description:
      'reference: the menu codes that let a person add an item of refType from this pick list, in that type\u2019s own form (empty: pick only).',
  })
  inlineCreateMenuCodes!: string[];
  @Field(() => Boolean, { description: 'Filled by the server; not entered in the form.' }) derived!: boolean;
  @Field(() => Boolean, { description: 'A column of the list screen.' }) list!: boolean;
  @Field(() => Boolean, { description: 'Matched by the search text.' }) search!: boolean;
  @Field(() => Boolean, { description: 'Usable as the sort key of referenceItems.' }) sort!: boolean;
}

@ObjectType('ReferenceTypeDescriptor')
export class ReferenceTypeDescriptorType {
  @Field(() => ReferenceTypeName) type!: string;
  @Field(() => String, { description: 'Menu key suffix: save-<key>, view-<key>.' }) key!: string;
  @Field(() => String) labelTh!: string;
  @Field(() => String) labelEn!: string;
  @Field(() => [ReferenceFieldDescriptorType]) fields!: ReferenceFieldDescriptorType[];
  @Field(() => [String]) viewMenuCodes!: string[];
  @Field(() => [String]) createMenuCodes!: string[];
  @Field(() => [String], { description: 'Edit, activate, deactivate and delete.' }) editMenuCodes!: string[];
  @Field(() => [ReferenceScreenType]) screens!: ReferenceScreenType[];
  @Field(() => String, {
    description:
      'NONE; DIVISION: items owned by a unit, seen and edited only within the caller\u2019s subtree; SUBTREE: units, edited only within the caller\u2019s subtree.',
  })
  scope!: string;
  @Field(() => Boolean, {
    description:
      'Items may be added from another form\u2019s pick list (a document\u2019s donor) by holders of a create code.',
  })
  createInline!: boolean;
}

@Identity()
@ObjectType('ReferenceItem')
export class ReferenceItemType {
  @Field(() => Int) id!: number;
  @Field(() => String) code!: string;
  @Field(() => String, { description: 'A active, I inactive (hidden from pick lists).' }) statusCode!: string;
  @Field(() => String) nameTh!: string;
  @Field(() => String, { nullable: true }) nameEn!: string | null;
  @Field(() => JSONObjectScalar, { description: 'Every declared field except code, by name.' })
  values!: Record<string, unknown>;
  @Field(() => JSONObjectScalar, { description: 'Text shown for reference, enum and sub-district fields.' })
  display!: Record<string, unknown>;
  @Field(() => JSONObjectScalar, {
    description: 'The same texts in English (an English name, the Thai one where the data has none).',
  })
  displayEn!: Record<string, unknown>;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;
}

@Identity()
@ObjectType('ReferenceOptionItem')
export class ReferenceOptionItemType {
  @Field(() => Int) id!: number;
  @Field(() => String) code!: string;
  @Field(() => String) nameTh!: string;
  @Field(() => String, { nullable: true }) nameEn!: string | null;
}

@ObjectType('ReferenceItemPage')
export class ReferenceItemPageType {
  @Field(() => [ReferenceItemType]) items!: ReferenceItemType[];
  @Field(() => Int) total!: number;
  @Field(() => Int) currentPage!: number;
  @Field(() => Int) rows!: number;
}

/** The longest text a field of any reference type takes; the service then checks each type's own. */
const longestText = (code: boolean) =>
  Math.max(
    ...referenceTypes.flatMap((t) =>
      t.fields.filter((f) => (f.name === 'code') === code).map((f) => f.maxLength ?? 0),
    ),
  );

/** What saveReferenceItem takes (the GraphQL input type is made by saveReferenceItemInputType). */
export interface SaveReferenceItemInput {
  id?: number | null;
  code: string;
  values?: Record<string, unknown> | null;
}

let saveInput: (new () => SaveReferenceItemInput) | undefined;

/**
 * The input of saveReferenceItem, made on the first schema build: its length limits are the
 * registered types' longest texts, known only once the features have registered them.
 */
export function saveReferenceItemInputType(): new () => SaveReferenceItemInput {
  if (saveInput) return saveInput;
  @InputType('SaveReferenceItemInput')
  class SaveReferenceItemInputType {
    @Field(() => Int, { nullable: true, description: 'Absent to create; the item\u2019s id to update.' })
    id?: number | null;
    @MaxLength(longestText(true)) @Field(() => String) code!: string;
    @MaxLength(longestText(false))
    @Field(() => JSONObjectScalar, {
      nullable: true,
      description: 'Declared fields by name; on update, fields left out keep their value.',
    })
    values?: Record<string, unknown> | null;
  }
  saveInput = SaveReferenceItemInputType;
  return saveInput;
}
