import { LIST_ROWS_DEFAULT, LIST_ROWS_MAX } from '@namjai/common/paging';
import { ArgsType, Field, Int } from 'type-graphql';
import { MaxLength, Range } from './input-limits';

// The fields every list paged by key answers beside its items and total (platform/db/keyset.ts,
// docs/document-kit.md "Paging by key"): the first and last row's cursors, to ask for the page after
// (`first`/`after: endCursor`) or before (`last`/`before: startCursor`), and whether there is one.

/** The cursor fields of a list's page type. */
export function declarePageCursors(page: abstract new (...args: never[]) => unknown): void {
  const proto = page.prototype as object;
  Field(() => String, {
    nullable: true,
    description: 'The first row’s cursor: `before` it is the page before.',
  })(proto, 'startCursor');
  Field(() => String, {
    nullable: true,
    description: 'The last row’s cursor: `after` it is the page after.',
  })(proto, 'endCursor');
  Field(() => Boolean, { description: 'Whether rows follow this page.' })(proto, 'hasNextPage');
  Field(() => Boolean, { description: 'Whether rows come before this page.' })(proto, 'hasPreviousPage');
}

/** What the cursor arguments say, for their descriptions. */
export const cursorArgs = {
  first: 'Rows from the start, or after the `after` cursor (paging by key).',
  after: 'A cursor (`endCursor`) this list answered: the rows after it.',
  last: 'Rows from the end, or before the `before` cursor; alone, the last page as the page numbers have it.',
  before: 'A cursor (`startCursor`) this list answered: the rows before it.',
};

/**
 * The paging arguments of every list paged by key (the kit's document lists, each type's own list and
 * the donation history), declared once with their limits: by number (`currentPage`, `rows`, as the
 * specification's list calls take them), in an order (`sort`, `direction`), and by key from either
 * end (`first`/`after`, `last`/`before`). A resolver takes them with `@Args(() => PageArgs)`.
 */
@ArgsType()
export class PageArgs {
  @Range(1) @Field(() => Int, { defaultValue: 1 }) currentPage!: number;
  @Range(1, LIST_ROWS_MAX) @Field(() => Int, { defaultValue: LIST_ROWS_DEFAULT }) rows!: number;
  @MaxLength(40) @Field(() => String, { nullable: true }) sort!: string | null;
  @MaxLength(4) @Field(() => String, { nullable: true }) direction!: string | null;
  @Range(1, LIST_ROWS_MAX)
  @Field(() => Int, { nullable: true, description: cursorArgs.first })
  first!: number | null;
  @MaxLength(600) @Field(() => String, { nullable: true, description: cursorArgs.after }) after!:
    | string
    | null;
  @Range(1, LIST_ROWS_MAX)
  @Field(() => Int, { nullable: true, description: cursorArgs.last })
  last!: number | null;
  @MaxLength(600) @Field(() => String, { nullable: true, description: cursorArgs.before }) before!:
    | string
    | null;
}
