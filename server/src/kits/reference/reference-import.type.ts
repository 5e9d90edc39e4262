import { Field, Int, ObjectType } from 'type-graphql';
import { JSONObjectScalar, ReferenceTypeName } from './reference.type';

@ObjectType('ReferenceImportError')
export class ReferenceImportErrorType {
  @Field(() => String, {
    nullable: true,
    description: 'The field (column) at fault; null for the whole row.',
  })
  field!: string | null;
  @Field(() => String) messageTh!: string;
  @Field(() => String) messageEn!: string;
}

@ObjectType('ReferenceImportRow')
export class ReferenceImportRowType {
  @Field(() => Int, { description: 'The row number a spreadsheet shows (the header is row 1).' })
  row!: number;
  @Field(() => String, { description: 'CREATE or UPDATE (an item with this code exists).' })
  action!: string;
  @Field(() => String, { nullable: true }) code!: string | null;
  @Field(() => JSONObjectScalar, { description: 'The cells as given, by field name.' })
  values!: Record<string, string>;
  @Field(() => [ReferenceImportErrorType]) errors!: ReferenceImportErrorType[];
}

@ObjectType('ReferenceImportResult')
export class ReferenceImportResultType {
  @Field(() => ReferenceTypeName) type!: string;
  @Field(() => String) fileName!: string;
  @Field(() => String, { description: 'CSV or XLSX, told from the file content.' }) format!: string;
  @Field(() => [String], { description: 'The fields the columns were matched to, in file order.' })
  columns!: string[];
  @Field(() => Int) total!: number;
  @Field(() => Int, { description: 'Valid rows that create an item.' }) created!: number;
  @Field(() => Int, { description: 'Valid rows that update an item.' }) updated!: number;
  @Field(() => Int) errorRows!: number;
  @Field(() => Boolean, {
    description: 'True only when a commit wrote every row; otherwise nothing was written.',
  })
  committed!: boolean;
  @Field(() => [ReferenceImportRowType]) rows!: ReferenceImportRowType[];
}

@ObjectType('ReferenceImportTemplate')
export class ReferenceImportTemplateType {
  @Field(() => String) fileName!: string;
  @Field(() => String, {
    description: 'CSV text (UTF-8 with a byte-order mark): the header and example rows.',
  })
  content!: string;
}
