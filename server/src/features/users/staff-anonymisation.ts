import type { EntityManager } from '@mikro-orm/postgresql';
import { anonymisedName } from '../../kits/core/anonymised-account';
import { User, UserStatus } from '../../kits/core/user.entity';
import { audit } from '../../platform/audit/audit';
import { assertGrant, type GrantOrigin, grantRefused } from '../../platform/auth/grants';
import type { Principal } from '../../platform/auth/principal';
import type { AppDeps } from '../../platform/deps';
import { conflict, notFound } from '../../platform/errors';
import { anonymiseStaff } from '../personal-data';
import { UserService } from './user.service';

// A staff member who has left (docs/staff-anonymisation.md): an administrator holding
// edit-status-user (MN-004) removes the account's contact and identity data, in one transaction,
// with the account steps a donor's deletion runs (anonymise.ts). The names stay.

const noUser = (id: number) => notFound('ไม่พบผู้ใช้งาน', `No user ${id}`);

/** Whether the account `user` has been anonymised already. */
export const isAnonymised = (user: Pick<User, 'id' | 'username'>) =>
  user.username === anonymisedName(user.id);

export async function anonymiseStaffUser(
  em: EntityManager,
  deps: AppDeps,
  principal: Principal,
  userId: number,
  origin: GrantOrigin,
): Promise<User> {
  const id = await em.transactional(async (tx) => {
    const account = await tx.findOne(User, { id: userId }, { fields: ['id', 'kind'] });
    if (!account) throw noUser(userId);
    if (account.kind !== 'STAFF') {
      throw conflict(
        'บัญชีผู้บริจาคลบข้อมูลได้ด้วยคำขอลบข้อมูลส่วนบุคคลของผู้บริจาคเท่านั้น',
        'A donor account is anonymised only through the donor’s own deletion request',
      );
    }
    // Within the caller's data scope, as for a status change (404 outside it).
    const user = await new UserService(tx, deps).manageable(principal, userId, tx);
    const subject = `user:${user.id} anonymise`;
    if (user.id === principal.userId) await assertGrant(tx, principal, grantRefused('SELF'), subject, origin);
    if (isAnonymised(user)) {
      throw conflict('ข้อมูลส่วนบุคคลของบัญชีนี้ถูกลบไปแล้ว', 'This account has been anonymised already');
    }
    if (user.userStatusCode === UserStatus.Active) {
      throw conflict(
        'ต้องปิดการใช้งานบัญชีก่อนจึงจะลบข้อมูลส่วนบุคคลได้',
        'Deactivate the account before anonymising it',
      );
    }
    const outcome = await anonymiseStaff(tx, user.id, principal.userId);
    audit(tx, {
      event: 'STAFF_PERSONAL_DATA_ANONYMISED',
      actorUserId: principal.userId,
      subject: `user:${user.id}`,
      ip: origin.ip,
      requestId: origin.requestId,
      details: outcome,
    });
    await tx.flush();
    return user.id;
  });
  // The row as the statements left it, not as an earlier read of this request holds it.
  return em.findOneOrFail(User, { id }, { populate: ['organisationUnit'], refresh: true });
}
