import { useFormikContext } from 'formik';
import { useEffect } from 'react';

/** Per form element, the submit count whose first error was already brought into view. */
const handled = new WeakMap<HTMLFormElement, number>();

/** The form's first invalid control in document order (both skins mark it `aria-invalid`). */
function firstInvalidControl(form: HTMLFormElement): HTMLElement | null {
  return form.querySelector<HTMLElement>('[aria-invalid="true"]');
}

/**
 * After a submit the form refused (its schema, or the server's field errors set while submitting),
 * brings the form's first invalid field into view and focuses it, once per submit: on a phone the
 * first error is often below the fold. Every kit field calls this (through useFieldError), so every
 * form built with the kit gets it; the first field to see the settled submit does it for the form.
 */
export function useScrollToFirstError(name: string): void {
  const { submitCount, isSubmitting, isValidating, errors } = useFormikContext<unknown>();
  const hasErrors = Object.keys(errors ?? {}).length > 0;
  useEffect(() => {
    if (submitCount === 0 || isSubmitting || isValidating) return;
    const own = Array.from(document.getElementsByName(name));
    const form = own.map((element) => element.closest('form')).find((f): f is HTMLFormElement => f !== null);
    // Only the moment a submit settles: errors that come later, while the person types, move nothing.
    if (!form || handled.get(form) === submitCount) return;
    handled.set(form, submitCount);
    const first = hasErrors ? firstInvalidControl(form) : null;
    if (!first) return;
    first.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    first.focus({ preventScroll: true });
  }, [name, submitCount, isSubmitting, isValidating, hasErrors]);
}
