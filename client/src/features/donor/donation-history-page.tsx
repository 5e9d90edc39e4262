import { Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSessionSnapshot } from '../../platform/session/session-context';
import { PageContainer } from '../../ui/page-container';
import { usePageTitle } from '../../ui/page-title';
import { DonorHistory } from './donor-history';
import { PersonalDataPanel } from './personal-data-panel';

export type DonorView = 'history' | 'data';

export interface DonationHistoryPageProps {
  view: DonorView;
  onViewChange: (view: DonorView) => void;
}

/**
 * /user/donation-history, the one page of an internet user (UG-I01; specification sec. 2): the
 * donor's own donations with their receipts and totals per tax year, and (?view=data) the donor's
 * personal data with its download and the deletion request. Two tabs of one route, since the
 * specification gives a donor this route only.
 */
export function DonationHistoryPage({ view, onViewChange }: DonationHistoryPageProps) {
  const { t } = useTranslation();
  usePageTitle(view === 'data' ? t('donor.data.title') : t('donor.history.title'));
  const user = useSessionSnapshot().session?.user;
  return (
    <PageContainer>
      <Stack gap="5" maxW="4xl">
        {/* Logout is the site header's (its account corner, or its folding menu on a phone): one, not two. */}
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {t('donor.history.title')}
        </Heading>
        {user && (
          <Text fontSize="lg">
            {t('donor.history.greeting', { name: `${user.firstNameTh} ${user.lastNameTh}` })}
          </Text>
        )}
        <Tabs.Root
          value={view}
          onValueChange={(details) => onViewChange(details.value === 'data' ? 'data' : 'history')}
          lazyMount
          variant="line"
        >
          <Tabs.List>
            <Tabs.Trigger value="history">{t('donor.tabs.history')}</Tabs.Trigger>
            <Tabs.Trigger value="data">{t('donor.tabs.data')}</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="history">
            <DonorHistory />
          </Tabs.Content>
          <Tabs.Content value="data">
            <PersonalDataPanel />
          </Tabs.Content>
        </Tabs.Root>
      </Stack>
    </PageContainer>
  );
}
