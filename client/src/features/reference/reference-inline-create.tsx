import { Button } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../platform/i18n';
import { DetailsDialog } from '../../ui/app-dialog';
import { ErrorState, LoadingState } from '../../ui/query-state';
import { ReferenceFormDialog } from './reference-form-dialog';
import { type ReferenceInlineCreateProps, ReferenceInlineCreateSlot } from './reference-inline-create-slot';
import { labelOf } from './reference-rules';
import { useReferenceTypes } from './use-reference-types';

/**
 * Lets the pick lists inside (and inside the forms they open) offer "add new": mounted by the forms
 * that hold reference fields (a document's form and action form, the reference list).
 */
export function ReferenceInlineCreateProvider({ children }: { children: ReactNode }) {
  return (
    <ReferenceInlineCreateSlot.Provider value={ReferenceInlineCreate}>
      {children}
    </ReferenceInlineCreateSlot.Provider>
  );
}

/**
 * "Add new …" under a pick list whose type may be created from it (the field descriptor's
 * inlineCreateMenuCodes, held by the person): opens that type's own form, the reference kit's, and
 * hands the saved item back to be chosen.
 */
export function ReferenceInlineCreate({ refType, fieldLabel, onCreated }: ReferenceInlineCreateProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="xs" variant="ghost" colorPalette="brand" alignSelf="start" onClick={() => setOpen(true)}>
        <Plus aria-hidden />
        {t('reference.addInline', { field: fieldLabel })}
      </Button>
      {open && <InlineCreateDialog refType={refType} onCreated={onCreated} onClose={() => setOpen(false)} />}
    </>
  );
}

function InlineCreateDialog({
  refType,
  onCreated,
  onClose,
}: Omit<ReferenceInlineCreateProps, 'fieldLabel'> & { onClose: () => void }) {
  const { descriptors, loading, error, refetch } = useReferenceTypes();
  const descriptor = descriptors.find((candidate) => candidate.type === refType);
  if (descriptor) {
    return <ReferenceFormDialog descriptor={descriptor} item={null} onClose={onClose} onSaved={onCreated} />;
  }
  return (
    <DetailsDialog title={descriptor ? labelOf(descriptor, currentLanguage()) : refType} onClose={onClose}>
      {loading ? <LoadingState /> : <ErrorState error={error} notFound={!error} onRetry={refetch} />}
    </DetailsDialog>
  );
}
