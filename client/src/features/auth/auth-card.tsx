import { Card, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../ui/page-title';

export interface AuthCardProps {
  title: string;
  intro?: string;
  children: ReactNode;
  footer?: ReactNode;
  /** Registration has more fields and gets a wider card. */
  wide?: boolean;
}

/** The card every login, registration and password page is drawn in, public or back office. */
export function AuthCard({ title, intro, children, footer, wide = false }: AuthCardProps) {
  usePageTitle(title);
  return (
    <Card.Root maxW={wide ? '3xl' : 'md'} mx="auto" w="full">
      <Card.Header>
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            {title}
          </Heading>
          {intro && <Text color="fg.muted">{intro}</Text>}
        </Stack>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
      {footer && <Card.Footer>{footer}</Card.Footer>}
    </Card.Root>
  );
}
