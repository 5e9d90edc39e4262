import { object, ref, string } from 'yup';
import { emailText, newPasswordText } from '../../ui/validation/schemas';

export const forgotPasswordSchema = object({ email: emailText() });

export const resetPasswordSchema = object({
  newPassword: newPasswordText(),
  confirmPassword: string()
    .required('validation.required')
    .oneOf([ref('newPassword')], 'validation.passwordMatch'),
});

export const changePasswordSchema = object({
  currentPassword: string().required('validation.required'),
  newPassword: newPasswordText().notOneOf([ref('currentPassword')], 'validation.passwordSame'),
  confirmPassword: string()
    .required('validation.required')
    .oneOf([ref('newPassword')], 'validation.passwordMatch'),
});
