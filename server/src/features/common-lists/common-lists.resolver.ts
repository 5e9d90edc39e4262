import { Arg, Query, Resolver } from 'type-graphql';
import type { CommonListItem } from '../../kits/core/common-list-item';
import { commonListNames, commonLists, isCommonListName } from '../../kits/core/common-lists.data';
import { badInput } from '../../platform/errors';
import { Public } from '../../platform/graphql/access';
import { CommonListItemType } from './common-list.type';

@Resolver()
export class CommonListResolver {
  @Query(() => [CommonListItemType], {
    description: `A fixed common list by its legacy name (/api/common/<name>): ${commonListNames.join(', ')}.`,
  })
  @Public()
  commonList(@Arg('name', () => String) name: string): readonly CommonListItem[] {
    if (!isCommonListName(name)) {
      throw badInput(`ไม่พบรายการข้อมูลชื่อ "${name}"`, `There is no common list named "${name}"`, {
        known: commonListNames,
      });
    }
    return commonLists[name];
  }
}
