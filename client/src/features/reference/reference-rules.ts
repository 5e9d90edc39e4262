import type { ReferenceTypesQuery } from '../../gql/graphql';
import type { Language } from '../../platform/language';

export type ReferenceDescriptor = ReferenceTypesQuery['referenceTypes'][number];
export type ReferenceField = ReferenceDescriptor['fields'][number];

/** How a catalogue key shows a type: VIEW read-only, SAVE everything, ADD create only, EDIT no create. */
export type ScreenMode = 'VIEW' | 'SAVE' | 'ADD' | 'EDIT';

/** What the current user may do with one type on one screen. */
export interface ReferenceActions {
  create: boolean;
  /** Edit, activate, deactivate and delete. */
  edit: boolean;
  /** Import a file: it creates and updates, so it needs both. */
  import: boolean;
}

const SCREEN_MODES: readonly ScreenMode[] = ['VIEW', 'SAVE', 'ADD', 'EDIT'];

function isScreenMode(value: string): value is ScreenMode {
  return (SCREEN_MODES as readonly string[]).includes(value);
}

/** The types a catalogue key shows, in the server's order, with the mode of each. */
export function typesForScreen(
  descriptors: readonly ReferenceDescriptor[],
  key: string,
): { descriptor: ReferenceDescriptor; mode: ScreenMode }[] {
  return descriptors.flatMap((descriptor) => {
    const screen = descriptor.screens.find((candidate) => candidate.key === key);
    // An unknown mode is shown read-only rather than guessed at.
    return screen ? [{ descriptor, mode: isScreenMode(screen.mode) ? screen.mode : 'VIEW' }] : [];
  });
}

/** Every catalogue key some type is shown on. */
export function screenKeys(descriptors: readonly ReferenceDescriptor[]): string[] {
  return [...new Set(descriptors.flatMap((descriptor) => descriptor.screens.map((screen) => screen.key)))];
}

/**
 * The buttons a screen shows: the screen's mode allows the action and the user holds one of the
 * type's menu codes for it (the server checks the same codes again).
 */
export function allowedActions(
  descriptor: Pick<ReferenceDescriptor, 'createMenuCodes' | 'editMenuCodes'>,
  mode: ScreenMode,
  userMenuCodes: ReadonlySet<string>,
): ReferenceActions {
  const holds = (codes: readonly string[]) => codes.some((code) => userMenuCodes.has(code));
  const create = (mode === 'SAVE' || mode === 'ADD') && holds(descriptor.createMenuCodes);
  return {
    create,
    edit: (mode === 'SAVE' || mode === 'EDIT') && holds(descriptor.editMenuCodes),
    import: create && holds(descriptor.editMenuCodes),
  };
}

export function labelOf(labelled: { labelTh: string; labelEn: string }, language: Language): string {
  return language === 'en' ? labelled.labelEn : labelled.labelTh;
}

/** Fields a person enters; derived ones are filled by the server. */
export function formFields(descriptor: Pick<ReferenceDescriptor, 'fields'>): ReferenceField[] {
  return descriptor.fields.filter((field) => !field.derived);
}

export function listFields(descriptor: Pick<ReferenceDescriptor, 'fields'>): ReferenceField[] {
  return descriptor.fields.filter((field) => field.list);
}

/** Whether the server fills the code itself (the form then sends an empty one). */
export function codeIsDerived(descriptor: Pick<ReferenceDescriptor, 'fields'>): boolean {
  return descriptor.fields.some((field) => field.name === 'code' && field.derived);
}
