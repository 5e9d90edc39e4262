import { confirmationOf, emailText, newPasswordText } from '../../ui/validation/schemas';
import { object, ref, string } from '../../ui/validation/yup';

export const forgotPasswordSchema = object({ email: emailText() });

export const resetPasswordSchema = object({
  newPassword: newPasswordText(),
  confirmPassword: confirmationOf('newPassword'),
});

export const changePasswordSchema = object({
  currentPassword: string().required('validation.required'),
  newPassword: newPasswordText().notOneOf([ref('currentPassword')], 'validation.passwordSame'),
  confirmPassword: confirmationOf('newPassword'),
});
