import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Component, type ErrorInfo, type ReactNode } from 'react';

type State = { error: Error | null };

/** Each route renders inside one: a crash in a page never blanks the whole app. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    // A stale chunk after a deploy is the common cause: one reload fetches the new build.
    if (/Failed to fetch dynamically imported module|Importing a module script failed/.test(error.message)) {
      window.location.reload();
      return;
    }
    console.error('Route error', error.message, info.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <Container maxW="lg" py="20">
        <Stack gap="4" textAlign="center" role="alert">
          <Heading size="xl">Something went wrong</Heading>
          <Text color="fg.muted">This page failed to load. Please try again.</Text>
          <Button colorPalette="brand" alignSelf="center" onClick={() => window.location.reload()}>
            Reload page
          </Button>
        </Stack>
      </Container>
    );
  }
}
