import type { TokenService } from './auth/tokens';
import type { AppConfig } from './config';
import type { Mailer } from './mail/mailer';
import type { PdfRenderer } from './pdf/pdf-renderer';
import type { PublicFormGate } from './public-forms/public-form-gate';

/** Long-lived parts every request may use, built once at start. */
export interface AppDeps {
  config: AppConfig;
  tokens: TokenService;
  mailer: Mailer;
  /** Receipts and other printed documents as PDF (headless Chromium, started on first use). */
  pdf: PdfRenderer;
  /** Bot check and per-address write limit of public forms. */
  forms: PublicFormGate;
}
