// The front door of identity: what other features use of it (docs/architecture-layers.md).
// Generated from their imports; add a name here when another feature needs it. Never export
// the module file (the registry imports it; decorators' evaluation order).

export { AuthService } from './auth.service';
export { TransferRequest } from './identity.entity';
export { LoggedInUserType, UserKindEnum } from './identity.type';
export type { LoggedInUserData } from './logged-in-user';
export { loggedInUser } from './logged-in-user';
export { SessionService } from './session.service';
