import {
  Box,
  CloseButton,
  Drawer,
  Flex,
  Portal,
  SkipNavContent,
  SkipNavLink,
  Stack,
  Text,
} from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoggedInUser } from '../../platform/session/session-types';
import { BackofficeSideMenu } from './backoffice-side-menu';
import { BackofficeTopBar } from './backoffice-top-bar';
import { fullName } from './backoffice-user';

/**
 * What the back office's features put into the shell. The route layer (routes/backoffice/route.tsx)
 * hands them in, so the shared UI imports no feature.
 */
export interface BackofficeShellParts {
  /** Shown in the top bar before the language switch (the pending-work badge). */
  topBarBadge?: (user: LoggedInUser) => ReactNode;
  /** The catalogue keys of the in-product reports: holding one puts the reports index in the menu. */
  reportKeys: ReadonlySet<string>;
}

/** Width of the side menu (specification sec. 2, shell layout). */
export const SIDE_MENU_WIDTH = '320px';
const MENU_ID = 'backoffice-side-menu';

/**
 * The logged-in back office: top bar, side menu and content. From 992 px (lg) the menu sits beside
 * the content and can be collapsed; below that it is a drawer.
 */
export function BackofficeShell({
  user,
  parts,
  children,
}: {
  user: LoggedInUser;
  parts: BackofficeShellParts;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <Flex direction="column" minH="100dvh" bg="bg.subtle">
      <SkipNavLink>{t('app.skipToContent')}</SkipNavLink>
      <BackofficeTopBar
        user={user}
        menuCollapsed={collapsed}
        onToggleMenu={() => setCollapsed((value) => !value)}
        onOpenDrawer={() => setDrawerOpen(true)}
        menuId={MENU_ID}
        badge={parts.topBarBadge?.(user)}
      />
      <Flex flex="1" align="stretch">
        <Box
          id={MENU_ID}
          as="aside"
          hideBelow="lg"
          hidden={collapsed}
          w={SIDE_MENU_WIDTH}
          flexShrink="0"
          bg="bg"
          borderEndWidth="1px"
          borderColor="border"
        >
          {/* The menu stays in view while long screens scroll; the panel itself runs full height. */}
          <Box position="sticky" top="16" maxH="calc(100dvh - 4rem)" overflowY="auto" px="2">
            <BackofficeSideMenu menus={user.menus} reportKeys={parts.reportKeys} />
          </Box>
        </Box>
        <Drawer.Root
          open={drawerOpen}
          onOpenChange={(details) => setDrawerOpen(details.open)}
          placement="start"
        >
          <Portal>
            <Drawer.Backdrop />
            <Drawer.Positioner>
              <Drawer.Content maxW={SIDE_MENU_WIDTH}>
                <Drawer.Header>
                  <Stack gap="0">
                    <Drawer.Title>{t('nav.menu')}</Drawer.Title>
                    <Text fontSize="sm" fontWeight="600">
                      {fullName(user)}
                    </Text>
                    <Text fontSize="xs" color="fg.muted">
                      {user.userGroup} ({user.userGroupCode})
                    </Text>
                  </Stack>
                </Drawer.Header>
                <Drawer.Body px="2">
                  <BackofficeSideMenu
                    menus={user.menus}
                    reportKeys={parts.reportKeys}
                    onNavigate={() => setDrawerOpen(false)}
                  />
                </Drawer.Body>
                <Drawer.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label={t('nav.closeMenu')} />
                </Drawer.CloseTrigger>
              </Drawer.Content>
            </Drawer.Positioner>
          </Portal>
        </Drawer.Root>
        <SkipNavContent />
        <Box as="main" flex="1" minW="0" px={{ base: '4', md: '8' }} py={{ base: '5', md: '8' }}>
          {children}
        </Box>
      </Flex>
    </Flex>
  );
}
