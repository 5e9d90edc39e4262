import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from './user.entity';

/** Names of the people a page mentions (makers, actors in a history), in one query. */
export async function peopleNames(em: EntityManager, ids: Iterable<number>): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  const users = unique.length
    ? await em.find(User, { id: { $in: unique } }, { fields: ['id', 'firstNameTh', 'lastNameTh'] })
    : [];
  return new Map(users.map((u) => [u.id, `${u.firstNameTh} ${u.lastNameTh}`]));
}
