// The front door of personal-data: what other features use of it (docs/architecture-layers.md).
// Generated from their imports; add a name here when another feature needs it. Never export
// the module file (the registry imports it; decorators' evaluation order).

export { anonymiseStaff } from './anonymise';
export { DELETION_MENU, deletionWorkflow } from './personal-data.workflow';
export { PersonalDataRequest } from './personal-data-request.entity';
