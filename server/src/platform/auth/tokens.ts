import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { errors, jwtVerify, SignJWT } from 'jose';
import { type AppConfig } from '../config';
import { jwtSecretProblem } from '../config-values';

export const tokenIssuer = 'namjai';
export const tokenAudience = 'namjai-api';
const algorithm = 'HS256';

export interface AccessClaims {
  /** User id. */
  sub: string;
  /** Session id: the server-side session this token belongs to. */
  sid: string;
  kind: 'STAFF' | 'DONOR';
  /**
   * Token id: the session accepts only its current one, so a refresh ends the token it replaced.
   * Absent only in tokens issued before sessions tracked it.
   */
  jti?: string;
}

export interface IssuedToken {
  token: string;
  expiresAt: Date;
}

/** The signing key: JWT_SECRET, or (outside production) one generated once and kept in DATA_DIR. */
export function resolveJwtSecret(config: AppConfig): Uint8Array {
  // loadConfig refuses these before anything starts; a configuration built otherwise is held to the same.
  const problem = jwtSecretProblem(config.auth.jwtSecret, config.production);
  if (problem) throw new Error(problem);
  if (config.auth.jwtSecret) return new TextEncoder().encode(config.auth.jwtSecret);
  const file = join(config.dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

type VerifiedClaims = AccessClaims & { exp: number };

/** Tokens remembered as verified (a few per live session); the oldest are forgotten first. */
const verifiedCacheSize = 10_000;

export class TokenService {
  /**
   * Tokens whose signature, issuer and audience were verified, by their exact text: a client sends
   * the same token on every request, and its check is the same each time but for the expiry, which
   * is checked again on every use.
   */
  private readonly verified = new Map<string, VerifiedClaims>();

  constructor(
    private readonly key: Uint8Array,
    private readonly lifetimeMinutes: number,
  ) {}

  async issue(claims: AccessClaims, notAfter?: Date): Promise<IssuedToken> {
    const now = Date.now();
    let exp = now + this.lifetimeMinutes * 60_000;
    if (notAfter) exp = Math.min(exp, notAfter.getTime());
    const jwt = new SignJWT({ sid: claims.sid, kind: claims.kind });
    if (claims.jti) jwt.setJti(claims.jti);
    const token = await jwt
      .setProtectedHeader({ alg: algorithm, typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(tokenIssuer)
      .setAudience(tokenAudience)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor(exp / 1000))
      .sign(this.key);
    return { token, expiresAt: new Date(Math.floor(exp / 1000) * 1000) };
  }

  /** Verifies signature, algorithm (allow-list), issuer, audience and expiry; null when any fails. */
  async verify(token: string): Promise<VerifiedClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (known.exp * 1000 > Date.now()) return known;
      this.verified.delete(token);
      return null;
    }
    const claims = await this.check(token);
    if (claims) {
      if (this.verified.size >= verifiedCacheSize)
        this.verified.delete(this.verified.keys().next().value as string);
      this.verified.set(token, claims);
    }
    return claims;
  }

  private async check(token: string): Promise<VerifiedClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [algorithm],
        issuer: tokenIssuer,
        audience: tokenAudience,
        requiredClaims: ['sub', 'sid', 'exp', 'iat'],
      });
      if (typeof payload.sid !== 'string' || (payload.kind !== 'STAFF' && payload.kind !== 'DONOR'))
        return null;
      if (payload.jti !== undefined && typeof payload.jti !== 'string') return null;
      return {
        sub: String(payload.sub),
        sid: payload.sid,
        kind: payload.kind,
        exp: payload.exp as number,
        ...(payload.jti ? { jti: payload.jti } : {}),
      };
    } catch (err) {
      if (err instanceof errors.JOSEError) return null;
      throw err;
    }
  }
}
