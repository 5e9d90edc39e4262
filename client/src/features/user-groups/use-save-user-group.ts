import { useMutation } from '@apollo/client/react';
import type { UserGroupValues } from './user-group.schema';
import { SaveUserGroupMutation, UserGroupsQuery } from './user-groups.operations';

/**
 * save-user-group: status A and remark equal to the name (specification sec. 4 and 7; the server
 * enforces both). Group lists are refetched so they show the change.
 */
export function useSaveUserGroup() {
  const [save, state] = useMutation(SaveUserGroupMutation, { refetchQueries: [UserGroupsQuery] });
  const run = (values: UserGroupValues) =>
    save({
      variables: {
        input: {
          code: values.code.trim().toUpperCase(),
          name: values.name.trim(),
          remark: values.name.trim(),
          menuCodes: values.menuCodes,
          transactionCode: null,
        },
      },
    });
  return [run, state] as const;
}
