import type { TokenService } from './auth/tokens';
import type { AppConfig } from './config';
import type { Mailer } from './mail/mailer';

/** Long-lived parts every request may use, built once at start. */
export interface AppDeps {
  config: AppConfig;
  tokens: TokenService;
  mailer: Mailer;
}
