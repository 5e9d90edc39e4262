// The front door of user-groups: what other features use of it (docs/architecture-layers.md).
// Generated from their imports; add a name here when another feature needs it. Never export
// the module file (the registry imports it; decorators' evaluation order).

export { seededGroups } from './user-group.seed';
export { activeMenuCodesSql, menuCodesTextSql, UserGroupService } from './user-group.service';
