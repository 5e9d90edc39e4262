import type { ApiSource } from './api-client';
import type { SessionStore } from './session/session-store';

/** What every route's beforeLoad and loader receive: the API client (loaded on first need) and who is logged in. */
export interface RouterContext {
  api: ApiSource;
  session: SessionStore;
}
