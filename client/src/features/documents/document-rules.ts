import type { DocumentTypesQuery } from '../../gql/graphql';
import type { Language } from '../../platform/language';
import { labelOf } from '../reference';

export type DocumentDescriptor = DocumentTypesQuery['documentTypes'][number];
/** A header or line field: the reference kit's field descriptor plus the action it is entered at. */
export type DocumentField = DocumentDescriptor['header'][number];
export type DocumentTransition = DocumentDescriptor['transitions'][number];

/** WORK: list, create, edit and act; VIEW: read-only list and details; APPROVE: the approval queue. */
export type DocumentScreenMode = 'WORK' | 'VIEW' | 'APPROVE';

const SCREEN_MODES: readonly DocumentScreenMode[] = ['WORK', 'VIEW', 'APPROVE'];

function isScreenMode(value: string): value is DocumentScreenMode {
  return (SCREEN_MODES as readonly string[]).includes(value);
}

/** How one screen (a catalogue entry) shows one document type. */
export interface DocumentScreen {
  descriptor: DocumentDescriptor;
  mode: DocumentScreenMode;
  /** The screen's menu code: it decides which of the type's commands this screen offers. */
  menuCode: string;
  /** The approval level whose waiting documents the screen lists (view-approve, approve). */
  level: number | null;
}

/** The types a catalogue key shows, in the server's order, with the mode of each. */
export function documentTypesForScreen(
  descriptors: readonly DocumentDescriptor[],
  entry: { key: string; code: string },
): DocumentScreen[] {
  return descriptors.flatMap((descriptor) => {
    const screen = descriptor.screens.find((candidate) => candidate.key === entry.key);
    // An unknown mode is shown read-only rather than guessed at.
    return screen
      ? [
          {
            descriptor,
            mode: isScreenMode(screen.mode) ? screen.mode : 'VIEW',
            menuCode: entry.code,
            level: screen.level ?? null,
          },
        ]
      : [];
  });
}

/**
 * What a screen offers. A command belongs to the screens whose menu code it is declared with (the
 * catalogue has one key per command: save-, cancel-, approve-…), so the transfer's save screen
 * sends and receives while its view screen only reads; the server's allowedActions and editable
 * still say whether the person may, on this document, now.
 */
export interface DocumentScreenCommands {
  create: boolean;
  edit: boolean;
  /** Adding and removing files is offered here (when the server's attachmentsEditable allows it). */
  attachments: boolean;
  /** Whether the action is offered here (when the server allows it). */
  offers(action: string): boolean;
}

export function screenCommands({ descriptor, mode, menuCode }: DocumentScreen): DocumentScreenCommands {
  const work = mode === 'WORK';
  const create = work && descriptor.createMenuCodes.includes(menuCode);
  const edit = work && descriptor.editMenuCodes.includes(menuCode);
  const attach = work && descriptor.attachMenuCodes.includes(menuCode);
  return {
    create,
    edit,
    // The files belong to the screens that write the document, as the server's rule does (create or
    // edit code), and to those its type names for them (attach: a result's photos).
    attachments: create || edit || attach,
    offers: (action) =>
      mode !== 'VIEW' &&
      descriptor.transitions.some(
        (transition) => transition.action === action && transition.menuCodes.includes(menuCode),
      ),
  };
}

/** Fields a person fills in when writing the document: not derived, not entered at a later action. */
export function entryFields(fields: readonly DocumentField[]): DocumentField[] {
  return fields.filter((field) => !field.derived && !field.enteredAt);
}

/** Whether the field is entered at this action (first, or again: the edit of a result). */
export function enteredAt(field: DocumentField, action: string): boolean {
  return field.enteredAt === action || (field.reenteredAt ?? []).includes(action);
}

/** Header fields entered when taking this action (DELIVER: the delivery date, who received). */
export function actionHeaderFields(descriptor: DocumentDescriptor, action: string): DocumentField[] {
  return descriptor.header.filter((field) => enteredAt(field, action) && !field.derived);
}

/** Line fields entered when taking this action (RECEIVE: the quantity received, the reason). */
export function actionLineFields(descriptor: DocumentDescriptor, action: string): DocumentField[] {
  return descriptor.lines.filter((field) => enteredAt(field, action) && !field.derived);
}

/**
 * What names a workflow's statuses and actions: a document type's descriptor, or the workflow of a
 * request that is not a document (registration, user transfer: `userRequestWorkflows`).
 */
export interface WorkflowLabels {
  statuses: readonly { code: string; labelTh: string; labelEn: string }[];
  transitions: readonly { action: string; labelTh: string; labelEn: string }[];
}

export function transitionOf<W extends WorkflowLabels>(
  descriptor: W,
  action: string,
): W['transitions'][number] | undefined {
  return descriptor.transitions.find((transition) => transition.action === action);
}

export function statusLabel(descriptor: WorkflowLabels, code: string, language: Language): string {
  const status = descriptor.statuses.find((candidate) => candidate.code === code);
  return status ? labelOf(status, language) : code;
}

export type StatusTone = 'gray' | 'blue' | 'green' | 'red';

/**
 * A status's colour from the workflow's shape: the first status is a draft, a status no action
 * leaves is final (cancelled if reaching it is a cancellation), anything else is in progress.
 */
export function statusTone(descriptor: DocumentDescriptor, code: string): StatusTone {
  if (descriptor.statuses[0]?.code === code) return 'gray';
  if (descriptor.transitions.some((transition) => transition.from.includes(code))) return 'blue';
  const reachedBy = descriptor.transitions.filter((transition) => transition.to === code);
  return reachedBy.length > 0 && reachedBy.every((transition) => /CANCEL/.test(transition.action))
    ? 'red'
    : 'green';
}
