import { Field } from 'type-graphql';

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
