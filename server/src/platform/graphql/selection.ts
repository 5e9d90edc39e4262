import { type GraphQLResolveInfo, Kind, type SelectionSetNode } from 'graphql';

/**
 * The names of the fields a caller selected on a resolver's result (or below `path` in it),
 * fragments followed. A field
 * under @skip or @include counts as selected: the answer may hold more than asked, never less.
 */
export function selectedFields(info: GraphQLResolveInfo, path: readonly string[] = []): Set<string> {
  const names = new Set<string>();
  // With a path (e.g. ['items']): the fields selected below it, every selection of it merged.
  const visit = (set: SelectionSetNode | undefined, depth: number) => {
    for (const s of set?.selections ?? []) {
      if (s.kind === Kind.FIELD) {
        if (depth === path.length) names.add(s.name.value);
        else if (s.name.value === path[depth]) visit(s.selectionSet, depth + 1);
      } else if (s.kind === Kind.INLINE_FRAGMENT) visit(s.selectionSet, depth);
      else visit(info.fragments[s.name.value]?.selectionSet, depth);
    }
  };
  for (const node of info.fieldNodes) visit(node.selectionSet, 0);
  return names;
}
