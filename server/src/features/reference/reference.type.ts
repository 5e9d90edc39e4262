import { GraphQLScalarType } from 'graphql';
import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { referenceTypes } from './reference-types';

/**
 * graphql-scalars' JSONObject without its @specifiedBy URL: introspection (and so the schema the
 * server serves) does not carry it, and the committed schema.graphql must equal what is served.
 */
export const JSONObjectScalar = new GraphQLScalarType({
  ...GraphQLJSONObject.toConfig(),
  specifiedByURL: null,
});

/** One enum value per declared reference type (COUNTING_UNIT, …). */
export const ReferenceTypeName = Object.fromEntries(referenceTypes.map((t) => [t.type, t.type])) as Record<
  string,
  string
>;
registerEnumType(ReferenceTypeName, {
  name: 'ReferenceTypeName',
  description: 'A reference-data type declared with the reference-data kit.',
});

@ObjectType('ReferenceFieldDescriptor')
export class ReferenceFieldDescriptorType {
  @Field(() => String, { description: 'Key in an item\u2019s values (code is the item\u2019s own field).' })
  name!: string;
  @Field(() => String, { description: 'code, text, integer or boolean.' }) kind!: string;
  @Field(() => String) labelTh!: string;
  @Field(() => String) labelEn!: string;
  @Field(() => Boolean) required!: boolean;
  @Field(() => Int, { nullable: true }) maxLength!: number | null;
  @Field(() => Int, { nullable: true }) min!: number | null;
  @Field(() => Int, { nullable: true }) max!: number | null;
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
  @Field(() => [String]) saveMenuCodes!: string[];
}

@ObjectType('ReferenceItem')
export class ReferenceItemType {
  @Field(() => Int) id!: number;
  @Field(() => String) code!: string;
  @Field(() => String, { description: 'A active, I inactive (hidden from pick lists).' }) statusCode!: string;
  @Field(() => String) nameTh!: string;
  @Field(() => String, { nullable: true }) nameEn!: string | null;
  @Field(() => JSONObjectScalar, { description: 'Every declared field except code, by name.' })
  values!: Record<string, unknown>;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;
}

@ObjectType('ReferenceItemPage')
export class ReferenceItemPageType {
  @Field(() => [ReferenceItemType]) items!: ReferenceItemType[];
  @Field(() => Int) total!: number;
  @Field(() => Int) currentPage!: number;
  @Field(() => Int) rows!: number;
}

@InputType('SaveReferenceItemInput')
export class SaveReferenceItemInputType {
  @Field(() => Int, { nullable: true, description: 'Absent to create; the item\u2019s id to update.' })
  id?: number | null;
  @Field(() => String) code!: string;
  @Field(() => JSONObjectScalar, {
    nullable: true,
    description: 'Declared fields by name; on update, fields left out keep their value.',
  })
  values?: Record<string, unknown> | null;
}
