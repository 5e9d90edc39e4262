import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from './user.entity';

/**
 * The user id the public website writes under (what visitors send through public forms: a money
 * donation reported by transfer). No user has it: ids come from a sequence that starts at 1.
 */
export const PUBLIC_SITE_USER_ID = 0;

/** How pages name the public website where they would name a person (maker, history actor). */
export const PUBLIC_SITE_NAME = 'ผู้บริจาคผ่านเว็บไซต์ (Public website)';

/** Names of the people a page mentions (makers, actors in a history), in one query. */
export async function peopleNames(em: EntityManager, ids: Iterable<number>): Promise<Map<number, string>> {
  const unique = [...new Set(ids)].filter((id) => id !== PUBLIC_SITE_USER_ID);
  const users = unique.length
    ? await em.find(User, { id: { $in: unique } }, { fields: ['id', 'firstNameTh', 'lastNameTh'] })
    : [];
  return new Map([
    [PUBLIC_SITE_USER_ID, PUBLIC_SITE_NAME],
    ...users.map((u): [number, string] => [u.id, `${u.firstNameTh} ${u.lastNameTh}`]),
  ]);
}
