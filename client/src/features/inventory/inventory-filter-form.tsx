import { Stack } from '@chakra-ui/react';
import { Form, Formik, type FormikValues } from 'formik';
import type { ReactNode } from 'react';
import { SearchActions } from '../../ui/data-table/search-actions';
import type { ObjectSchema } from '../../ui/validation/yup';

export interface InventoryFilterFormProps<Values extends FormikValues> {
  initialValues: Values;
  validationSchema?: ObjectSchema<Values>;
  onApply: (values: Values) => void;
  children: ReactNode;
}

/** The filter above every inventory view: its fields side by side, then search and clear. */
export function InventoryFilterForm<Values extends FormikValues>({
  initialValues,
  validationSchema,
  onApply,
  children,
}: InventoryFilterFormProps<Values>) {
  return (
    <Formik initialValues={initialValues} validationSchema={validationSchema} onSubmit={onApply}>
      {({ resetForm }) => (
        <Form noValidate>
          <Stack gap="4" mb="4">
            <Stack direction={{ base: 'column', md: 'row' }} gap="4" align={{ md: 'start' }}>
              {children}
            </Stack>
            <SearchActions
              onClear={() => {
                resetForm();
                onApply(initialValues);
              }}
            />
          </Stack>
        </Form>
      )}
    </Formik>
  );
}

/** A chosen reference id from the filter ('' = none). */
export const chosenId = (value: string): number | null => (value === '' ? null : Number(value));
