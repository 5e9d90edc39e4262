import { Field, Int, ObjectType } from 'type-graphql';
import type { WorkflowDecl } from './workflow';
import type { DocumentHistory } from './workflow.entity';

// How clients read a workflow and a history: the document kit's descriptors and details use these,
// and so do the requests that move through a workflow without being documents (registration, user
// transfer). The GraphQL names are the document kit's, which had them first.

@ObjectType('DocumentStatus')
export class DocumentStatusType {
  @Field(() => String) code!: string;
  @Field(() => String) labelTh!: string;
  @Field(() => String) labelEn!: string;
}

@ObjectType('DocumentTransition')
export class DocumentTransitionType {
  @Field(() => String) action!: string;
  @Field(() => String) labelTh!: string;
  @Field(() => String) labelEn!: string;
  @Field(() => [String]) from!: string[];
  @Field(() => String) to!: string;
  @Field(() => [String]) menuCodes!: string[];
  @Field(() => Int, { nullable: true, description: 'Approval level: the maker may not take it.' }) approval!:
    | number
    | null;
  @Field(() => String, { nullable: true, description: 'required or optional.' }) reason!: string | null;
}

@ObjectType('DocumentHistoryChange', {
  description: 'A field an action entered again (an edited delivery or result), as it was and as it became.',
})
export class DocumentHistoryChangeType {
  @Field(() => String, { description: 'The field’s name, as the type’s descriptor names it.' })
  field!: string;
  @Field(() => Int, { nullable: true, description: 'The line’s number (from 1); null: a header field.' })
  line!: number | null;
  @Field(() => String, { nullable: true, description: 'The value before (dates YYYY-MM-DD).' }) before!:
    | string
    | null;
  @Field(() => String, { nullable: true }) after!: string | null;
}

@ObjectType('DocumentHistoryEntry')
export class DocumentHistoryEntryType {
  @Field(() => String) action!: string;
  @Field(() => String, { nullable: true }) fromStatus!: string | null;
  @Field(() => String) toStatus!: string;
  @Field(() => String, { nullable: true }) reason!: string | null;
  @Field(() => String, { description: 'Who: first and last name.' }) actorName!: string;
  @Field(() => Date) at!: Date;
  @Field(() => [DocumentHistoryChangeType], { description: 'What the action changed, field by field.' })
  changes!: DocumentHistoryChangeType[];
}

export function describeStatuses(wf: WorkflowDecl): DocumentStatusType[] {
  return wf.statuses.map((s) => ({ code: s.code, labelTh: s.label.th, labelEn: s.label.en }));
}

export function describeTransitions(wf: WorkflowDecl): DocumentTransitionType[] {
  return wf.transitions.map((x) => ({
    action: x.action,
    labelTh: x.label.th,
    labelEn: x.label.en,
    from: [...x.from],
    to: x.to,
    menuCodes: [...x.menu],
    approval: x.approval ?? null,
    reason: x.reason ?? null,
  }));
}

/** A history as clients read it; `names` holds the actors' names (`#id` for anyone missing). */
export function toHistoryEntries(
  history: readonly DocumentHistory[],
  names: ReadonlyMap<number, string>,
): DocumentHistoryEntryType[] {
  return history.map((h) => ({
    action: h.action,
    fromStatus: h.fromStatus,
    toStatus: h.toStatus,
    reason: h.reason,
    changes: h.changes ?? [],
    actorName: names.get(h.actorUserId) ?? `#${h.actorUserId}`,
    at: h.at,
  }));
}
