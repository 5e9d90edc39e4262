import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Formik, type FormikHelpers } from 'formik';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../platform/app-providers';
import { object, string } from '../validation/yup';
import { TextField as PlainTextField } from './plain/text-field';
import { TextField } from './text-field';

interface Values {
  name: string;
  phone: string;
  note: string;
  email: string;
}

const initialValues: Values = { name: 'สมชาย', phone: '', note: 'x', email: '' };
const schema = object({ phone: string().required(), email: string().required() });

const scrolled: Element[] = [];
beforeEach(() => {
  scrolled.length = 0;
  // jsdom has no layout: record which control the kit asks to bring into view.
  Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
    scrolled.push(this);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

function renderForm(
  skin: 'chakra' | 'plain',
  options: {
    validate?: boolean;
    onSubmit?: (values: Values, helpers: FormikHelpers<Values>) => Promise<void>;
  },
) {
  const Field = skin === 'chakra' ? TextField : PlainTextField;
  return render(
    <AppProviders>
      <Formik
        initialValues={initialValues}
        validationSchema={options.validate ? schema : undefined}
        onSubmit={options.onSubmit ?? (async () => undefined)}
      >
        <Form>
          <Field name="name" label="ชื่อ" />
          {/* A tall block: on a phone what follows is below the fold. */}
          <div style={{ height: '2000px' }} />
          <Field name="phone" label="โทรศัพท์" />
          <Field name="note" label="หมายเหตุ" />
          <Field name="email" label="อีเมล" />
          <button type="submit">บันทึก</button>
        </Form>
      </Formik>
    </AppProviders>,
  );
}

describe('a refused submit', () => {
  it.each(['chakra', 'plain'] as const)(
    'brings the first field its schema refuses into view and focuses it, once (%s skin)',
    async (skin) => {
      renderForm(skin, { validate: true });
      fireEvent.click(screen.getByRole('button', { name: 'บันทึก' }));
      const phone = screen.getByRole('textbox', { name: /โทรศัพท์/ });
      await waitFor(() => expect(document.activeElement).toBe(phone));
      expect(scrolled).toEqual([phone]);

      // Typing into another field afterwards moves nothing.
      fireEvent.change(screen.getByRole('textbox', { name: /ชื่อ/ }), { target: { value: '' } });
      fireEvent.blur(screen.getByRole('textbox', { name: /ชื่อ/ }));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(scrolled).toEqual([phone]);
    },
  );

  it('brings the first field the server refused into view and focuses it', async () => {
    renderForm('chakra', {
      onSubmit: async (_values, helpers) => {
        helpers.setFieldError('note', 'ข้อความยาวเกินไป');
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'บันทึก' }));
    const note = screen.getByRole('textbox', { name: /หมายเหตุ/ });
    await waitFor(() => expect(document.activeElement).toBe(note));
    expect(scrolled).toEqual([note]);
  });

  it('moves nothing after a submit that is accepted', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderForm('chakra', { onSubmit });
    fireEvent.click(screen.getByRole('button', { name: 'บันทึก' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(scrolled).toEqual([]);
  });
});
