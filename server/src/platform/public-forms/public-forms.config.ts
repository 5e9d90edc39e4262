/** Public forms (donations, receipt requests, sign-up): the bot check and the per-address write limit. */
export type BotCheckProvider = 'none' | 'turnstile' | 'recaptcha';

export interface PublicFormsConfig {
  botCheck: {
    provider: BotCheckProvider;
    /** The provider's secret key (required unless the provider is `none`). */
    secret: string | undefined;
    /** Where tokens are verified; defaults to the provider's siteverify address. */
    verifyUrl: string;
  };
  /** Writes one address may make to public forms per window; 0 turns the limit off. */
  writeLimit: number;
  windowSeconds: number;
}

export const defaultVerifyUrls: Record<Exclude<BotCheckProvider, 'none'>, string> = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
};

const providers: readonly BotCheckProvider[] = ['none', 'turnstile', 'recaptcha'];

export function publicFormsConfig(
  env: NodeJS.ProcessEnv,
  nodeEnv: string,
  intFrom: (value: string | undefined, fallback: number, name: string) => number,
): PublicFormsConfig {
  const provider = (env.BOT_CHECK_PROVIDER || 'none').toLowerCase() as BotCheckProvider;
  if (!providers.includes(provider))
    throw new Error(`BOT_CHECK_PROVIDER is one of ${providers.join(', ')}, not "${env.BOT_CHECK_PROVIDER}"`);
  const secret = env.BOT_CHECK_SECRET || undefined;
  if (provider !== 'none' && !secret)
    throw new Error(`BOT_CHECK_PROVIDER=${provider} needs BOT_CHECK_SECRET`);
  return {
    botCheck: {
      provider,
      secret,
      verifyUrl: env.BOT_CHECK_VERIFY_URL || (provider === 'none' ? '' : defaultVerifyUrls[provider]),
    },
    // Tests post many forms from one loopback address: the limit is their own test's subject.
    writeLimit: intFrom(env.PUBLIC_WRITE_LIMIT, nodeEnv === 'test' ? 0 : 20, 'PUBLIC_WRITE_LIMIT'),
    windowSeconds: Math.max(1, intFrom(env.PUBLIC_WRITE_WINDOW_SECONDS, 600, 'PUBLIC_WRITE_WINDOW_SECONDS')),
  };
}
