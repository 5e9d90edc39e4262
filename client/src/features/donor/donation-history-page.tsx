import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSessionSnapshot } from '../../platform/session/session-context';
import { PageContainer } from '../../ui/page-container';
import { usePageTitle } from '../../ui/page-title';

/** /user/donation-history for internet users (UG-I01); the history itself arrives with the donation work. */
export function DonationHistoryPage() {
  const { t } = useTranslation();
  usePageTitle(t('donor.history.title'));
  const user = useSessionSnapshot().session?.user;
  return (
    <PageContainer>
      <Stack gap="5" maxW="3xl">
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {t('donor.history.title')}
          </Heading>
          <Button asChild variant="outline" size="sm">
            <Link to="/user/logout">{t('session.logout')}</Link>
          </Button>
        </HStack>
        {user && (
          <Text fontSize="lg">
            {t('donor.history.greeting', { name: `${user.firstNameTh} ${user.lastNameTh}` })}
          </Text>
        )}
        <Box
          borderWidth="1px"
          borderColor="brand.emphasized"
          bg="brand.subtle"
          rounded="lg"
          p={{ base: '4', md: '6' }}
        >
          <Text>{t('donor.history.comingLater')}</Text>
        </Box>
      </Stack>
    </PageContainer>
  );
}
