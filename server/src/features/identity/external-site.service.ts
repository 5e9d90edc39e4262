import { randomBytes, randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../../kits/core/user.entity';
import { menuByCode } from '../../platform/auth/menu-catalogue';
import type { Principal } from '../../platform/auth/principal';
import { AppError, badInput, forbidden } from '../../platform/errors';
import { sha256 } from '../users';
import { OneTimeToken } from './identity.entity';
import { type LoggedInUserData, loggedInUser } from './logged-in-user';

/**
 * The external food/report site: a one-time token (60 s) for a menu the user holds, exchanged once
 * by the site for who the user is.
 */
export class ExternalSiteService {
  constructor(private readonly em: EntityManager) {}

  /** A one-time token (60 s) for the external food/report site, for a menu the user holds. */
  async externalSiteToken(principal: Principal, menuCode: string): Promise<string> {
    const entry = menuByCode(menuCode);
    if (!entry?.external)
      throw badInput('เมนูนี้ไม่ได้เปิดเว็บไซต์ภายนอก', 'This menu does not open the external site');
    if (!principal.menuCodes.has(menuCode)) throw forbidden();
    const token = randomBytes(32).toString('base64url');
    const em = this.em.fork();
    em.persist(
      em.create(OneTimeToken, {
        id: randomUUID(),
        user: em.getReference(User, principal.userId),
        purpose: 'EXTERNAL_SITE',
        tokenHash: sha256(token),
        payload: { menuCode, userId: principal.userId },
        expiresAt: new Date(Date.now() + 60_000),
        usedAt: null,
      }),
    );
    await em.flush();
    return token;
  }

  /** The external site exchanges the token once for who the user is and which menu they opened. */
  async decryptToken(
    code: string,
  ): Promise<{ userId: number; username: string; menuCode: string; user: LoggedInUserData }> {
    return this.em.transactional(async (tx) => {
      const row = await tx.findOne(
        OneTimeToken,
        { tokenHash: sha256(code.trim()), purpose: 'EXTERNAL_SITE' },
        { populate: ['user'] },
      );
      if (!row || row.usedAt || row.expiresAt.getTime() < Date.now()) {
        throw new AppError(
          'INVALID_TOKEN',
          401,
          'โทเคนไม่ถูกต้องหรือหมดอายุ',
          'The token is invalid, used or expired',
        );
      }
      row.usedAt = new Date();
      await tx.flush();
      const user = row.user.getEntity();
      return {
        userId: user.id,
        username: user.username,
        menuCode: String(row.payload?.menuCode ?? ''),
        user: await loggedInUser(tx, user.id),
      };
    });
  }
}
