import { Button, Dialog, Portal } from '@chakra-ui/react';
import { Form, Formik, type FormikHelpers, type FormikValues } from 'formik';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnyObjectSchema } from './validation/yup';

type DialogSize = 'md' | 'lg' | 'xl' | 'cover';

interface ShellProps {
  size?: DialogSize;
  onClose: () => void;
  /** Form dialogs keep their input when someone clicks beside them. */
  closeOnInteractOutside?: boolean;
  children: ReactNode;
}

function DialogShell({ size = 'lg', onClose, closeOnInteractOutside = true, children }: ShellProps) {
  return (
    <Dialog.Root
      open
      placement="center"
      size={size}
      scrollBehavior="inside"
      closeOnInteractOutside={closeOnInteractOutside}
      onOpenChange={(details) => !details.open && onClose()}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>{children}</Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** A read-only dialog (details of a row): title, body, and a close button. */
export function DetailsDialog({
  title,
  size,
  onClose,
  children,
}: Omit<ShellProps, 'closeOnInteractOutside'> & { title: ReactNode }) {
  const { t } = useTranslation();
  return (
    <DialogShell size={size} onClose={onClose}>
      <Dialog.Content>
        <Dialog.Header>
          <Dialog.Title>{title}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>{children}</Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={onClose}>
            {t('common.close')}
          </Button>
        </Dialog.Footer>
      </Dialog.Content>
    </DialogShell>
  );
}

/**
 * A dialog of steps that are not one form (choose a file, check it, confirm): the caller gives the
 * footer's buttons; it keeps its state when someone clicks beside it.
 */
export function ActionDialog({
  title,
  size,
  onClose,
  footer,
  children,
}: Omit<ShellProps, 'closeOnInteractOutside'> & { title: ReactNode; footer: ReactNode }) {
  return (
    <DialogShell size={size} onClose={onClose} closeOnInteractOutside={false}>
      <Dialog.Content>
        <Dialog.Header>
          <Dialog.Title>{title}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>{children}</Dialog.Body>
        <Dialog.Footer>{footer}</Dialog.Footer>
      </Dialog.Content>
    </DialogShell>
  );
}

export interface FormDialogProps<Values extends FormikValues> {
  title: ReactNode;
  size?: DialogSize;
  initialValues: Values;
  validationSchema: AnyObjectSchema;
  onSubmit: (values: Values, helpers: FormikHelpers<Values>) => Promise<void>;
  onClose: () => void;
  children: ReactNode;
}

/** The form kit's dialog: a Formik form with cancel and save; the save button spins while saving. */
export function FormDialog<Values extends FormikValues>({
  title,
  size,
  initialValues,
  validationSchema,
  onSubmit,
  onClose,
  children,
}: FormDialogProps<Values>) {
  const { t } = useTranslation();
  return (
    <DialogShell size={size} onClose={onClose} closeOnInteractOutside={false}>
      <Formik initialValues={initialValues} validationSchema={validationSchema} onSubmit={onSubmit}>
        {({ isSubmitting }) => (
          <Dialog.Content asChild>
            <Form noValidate>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>{children}</Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose} disabled={isSubmitting}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" colorPalette="brand" loading={isSubmitting}>
                  {t('form.save')}
                </Button>
              </Dialog.Footer>
            </Form>
          </Dialog.Content>
        )}
      </Formik>
    </DialogShell>
  );
}
