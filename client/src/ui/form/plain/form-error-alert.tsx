import { PublicFormError, publicFormMessage } from '../../../platform/rest-errors';
import { useRefusalMessage } from '../form-error-message';

const notFound = (error: unknown) => error instanceof PublicFormError && error.statusCode === 404;

/**
 * Why a public form was refused, in plain HTML and without Apollo (rest-errors.ts; the Chakra skin:
 * ui/form/form-error-alert.tsx).
 */
export function FormErrorAlert({ error }: { error: unknown }) {
  const message = useRefusalMessage(error, publicFormMessage, notFound);
  if (!message) return null;
  return (
    <div className="pf-alert" role="alert">
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M12 7v6M12 16.5v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <p>{message}</p>
    </div>
  );
}
