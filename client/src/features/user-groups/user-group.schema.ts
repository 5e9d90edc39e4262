import { requiredText } from '../../ui/validation/schemas';
import { array, object, string } from '../../ui/validation/yup';

/** The server's rule for group codes: 2 to 20 of A-Z, 0-9 and '-' (e.g. UG-S04). */
const GROUP_CODE_PATTERN = /^[A-Z0-9-]{2,20}$/;

/** The remark is not edited: saving sets it to the name (specification sec. 7). */
export interface UserGroupValues {
  code: string;
  name: string;
  menuCodes: string[];
}

export const EMPTY_USER_GROUP: UserGroupValues = { code: '', name: '', menuCodes: [] };

export const userGroupSchema = object({
  code: requiredText()
    .uppercase()
    .matches(GROUP_CODE_PATTERN, { message: 'validation.groupCode', excludeEmptyString: true }),
  name: requiredText().max(200),
  menuCodes: array(string().required()).min(1, 'validation.menusRequired'),
});
