import { Box, Heading, Separator } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSessionSnapshot } from '../../platform/session/session-context';
import { entryName, FeaturePage } from '../../ui/app-shell/feature-page';
import type { FeatureScreenProps } from '../../ui/app-shell/feature-screen-props';
import { OwnProfileForm } from './own-profile-form';
import { OwnTransferRequests } from './own-transfer-requests';

/**
 * edit-user (MN-006): the signed-in user's own profile, and their request to move to another unit
 * (asked, followed and withdrawn here).
 */
export function EditOwnProfilePage({ entry }: FeatureScreenProps) {
  const { t } = useTranslation();
  const user = useSessionSnapshot().session?.user;
  if (!user) return null;
  return (
    <FeaturePage title={entryName(entry)}>
      <Box borderWidth="1px" rounded="lg" p={{ base: '4', md: '6' }} bg="bg">
        <OwnProfileForm key={user.userId} user={user} />
      </Box>
      <Separator />
      <Box borderWidth="1px" rounded="lg" p={{ base: '4', md: '6' }} bg="bg">
        <Heading as="h2" size="lg" mb="4">
          {t('user.transfer.requestTitle')}
        </Heading>
        <OwnTransferRequests menuCode={entry.code} />
      </Box>
    </FeaturePage>
  );
}
