import { Container, type ContainerProps } from '@chakra-ui/react';

/**
 * The content column every page uses. Chakra's default Container gutters are kept everywhere (header,
 * hero, footer too), so edges line up from 375 px phones to wide screens.
 */
export function PageContainer(props: ContainerProps) {
  return <Container maxW="7xl" py={{ base: '6', md: '10' }} {...props} />;
}
