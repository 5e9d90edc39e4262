import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { type EnvironmentProfile, resolveEnvironmentProfile } from './session/environment-profile';

/** The header the server reads a public form's bot-check token from (platform/public-forms). */
export const BOT_CHECK_HEADER = 'x-bot-check-token';

interface Widgets {
  turnstile?: {
    render(el: HTMLElement, opts: Record<string, unknown>): string;
    reset(id?: string): void;
  };
  grecaptcha?: {
    render(el: HTMLElement, opts: Record<string, unknown>): number;
    reset(id?: number): void;
  };
}

const scripts = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
  recaptcha: 'https://www.google.com/recaptcha/api.js?render=explicit',
} as const;

const loading = new Map<string, Promise<void>>();

function loadScript(src: string, ready: () => boolean): Promise<void> {
  let promise = loading.get(src);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const el = document.createElement('script');
      el.src = src;
      el.async = true;
      el.onerror = () => reject(new Error(`bot check script failed: ${src}`));
      el.onload = () => {
        // reCAPTCHA defines render a moment after its script loads.
        const wait = () => (ready() ? resolve() : setTimeout(wait, 50));
        wait();
      };
      document.head.appendChild(el);
    });
    loading.set(src, promise);
  }
  return promise;
}

export interface BotCheck {
  /** The provider's widget, or nothing when no bot check is configured (development and tests). */
  widget: ReactNode;
  /** True when the form may be sent: a token is held, or there is no bot check. */
  ready: boolean;
  /** Headers to send with the form's request. */
  headers(): Record<string, string>;
  /** A token is good for one write: after a send, ask the person again. */
  reset(): void;
}

export interface BotCheckOptions {
  /**
   * False: no widget and no token until the server asks for one (sign-in asks only for a username
   * with many failed logins, docs/sign-in.md). Public forms always ask.
   */
  enabled?: boolean;
}

/**
 * A public form's bot check (Turnstile or reCAPTCHA, per environment profile). With no site key the
 * form sends no token and the server's `none` provider admits it; nothing is loaded from the internet.
 */
export function useBotCheck(
  profile: EnvironmentProfile = resolveEnvironmentProfile(),
  { enabled = true }: BotCheckOptions = {},
): BotCheck {
  const { botCheckProvider: provider } = profile;
  const siteKey = enabled ? profile.botCheckSiteKey : null;
  const holder = useRef<HTMLDivElement>(null);
  const widgetId = useRef<string | number | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!siteKey || !holder.current) return;
    const el = holder.current;
    const w = window as unknown as Widgets;
    const opts = {
      sitekey: siteKey,
      callback: (t: string) => setToken(t),
      'expired-callback': () => setToken(null),
      'error-callback': () => setToken(null),
    };
    let cancelled = false;
    const ready = () =>
      provider === 'turnstile' ? !!w.turnstile : typeof w.grecaptcha?.render === 'function';
    loadScript(scripts[provider], ready).then(
      () => {
        if (cancelled || widgetId.current !== null) return;
        widgetId.current =
          provider === 'turnstile'
            ? (w.turnstile?.render(el, opts) ?? null)
            : (w.grecaptcha?.render(el, opts) ?? null);
      },
      () => setFailed(true),
    );
    return () => {
      cancelled = true;
    };
  }, [siteKey, provider]);

  const reset = useCallback(() => {
    setToken(null);
    const w = window as unknown as Widgets;
    if (widgetId.current === null) return;
    if (provider === 'turnstile') w.turnstile?.reset(widgetId.current as string);
    else w.grecaptcha?.reset(widgetId.current as number);
  }, [provider]);

  return {
    widget: siteKey ? (
      <div
        ref={holder}
        style={{ minHeight: '65px' }}
        data-testid="bot-check"
        aria-invalid={failed || undefined}
      />
    ) : null,
    ready: !siteKey || token !== null,
    headers: (): Record<string, string> => (siteKey && token ? { [BOT_CHECK_HEADER]: token } : {}),
    reset,
  };
}
