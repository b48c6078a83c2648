import { Button, HStack, Text } from '@chakra-ui/react';

type Props = {
  label: string;
  page: number;
  prevCursor: string | null | undefined;
  nextCursor: string | null | undefined;
  isFetching: boolean;
  onPrevious: (cursor: string) => void;
  onNext: (cursor: string) => void;
};

/** Previous / next over keyset pages (page size 50). */
export function Pager({ label, page, prevCursor, nextCursor, isFetching, onPrevious, onNext }: Props) {
  if (page === 1 && !nextCursor) return null;
  return (
    <HStack as="nav" aria-label={`${label} pages`} justify="space-between" mt="3">
      <Button
        size="sm"
        variant="outline"
        disabled={!prevCursor || isFetching}
        onClick={() => prevCursor && onPrevious(prevCursor)}
      >
        Previous
      </Button>
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        Page {page}
      </Text>
      <Button
        size="sm"
        variant="outline"
        disabled={!nextCursor || isFetching}
        onClick={() => nextCursor && onNext(nextCursor)}
      >
        Next
      </Button>
    </HStack>
  );
}
