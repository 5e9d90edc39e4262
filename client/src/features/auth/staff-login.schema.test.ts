import { describe, expect, it } from 'vitest';
import { normaliseStaffLogin, staffLoginSchema } from './staff-login.schema';

describe('staff login schema', () => {
  it('treats a blank username as missing', async () => {
    await expect(staffLoginSchema.validate({ username: '   ', password: 'x' })).rejects.toThrow(
      'auth.staffLogin.usernameRequired',
    );
  });

  it('lower-cases and trims the username but never touches the password', () => {
    expect(normaliseStaffLogin({ username: '  Somchai.K ', password: ' Pass Word ' })).toEqual({
      username: 'somchai.k',
      password: ' Pass Word ',
    });
  });
});
