import { Box, Button, Flex, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { LineIcon } from '@/components/line-icon';
import { formatFileSize } from '@shared/format';
import { declaredFileKind } from '@shared/schemas/application';
import { useObjectUrl } from '../hooks/use-object-url';

/** Photos a browser can draw; HEIC and PDFs get an icon instead. */
const PREVIEWABLE = new Set(['jpeg', 'png', 'webp']);
const THUMBNAIL_SIZE = '16';

/** The file a one-file box holds: a thumbnail (photos) or a document icon, its name and size, Replace and Remove. */
export function ChosenFile({
  file,
  id,
  isDragging,
  onReplace,
  onRemove,
}: {
  file: File;
  /** Describes the file input: a screen reader hears what the box holds. */
  id: string;
  isDragging: boolean;
  onReplace: () => void;
  onRemove: () => void;
}) {
  const isPhoto = PREVIEWABLE.has(declaredFileKind(file) ?? '');
  const url = useObjectUrl(isPhoto ? file : null);
  return (
    <Flex
      direction={{ base: 'column', sm: 'row' }}
      align={{ base: 'stretch', sm: 'center' }}
      gap="4"
      textAlign="start"
      data-testid="chosen-file"
    >
      <HStack gap="3" flex="1" minW="0">
        <Box
          flexShrink="0"
          boxSize={THUMBNAIL_SIZE}
          borderRadius="md"
          overflow="hidden"
          bg="bg.muted"
          display="flex"
          alignItems="center"
          justifyContent="center"
          color="fg.muted"
        >
          {isPhoto && url ? (
            <Image src={url} alt={`Preview of ${file.name}`} boxSize="full" objectFit="cover" />
          ) : (
            <DocumentIcon />
          )}
        </Box>
        <Stack gap="0" minW="0" id={id}>
          <Text fontWeight="medium" truncate title={file.name}>
            {file.name}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {isDragging ? 'Drop to replace' : formatFileSize(file.size)}
          </Text>
        </Stack>
      </HStack>
      <HStack gap="2" justify={{ base: 'stretch', sm: 'flex-end' }}>
        <Button
          size="sm"
          variant="outline"
          flex={{ base: '1', sm: 'initial' }}
          onClick={onReplace}
          aria-label={`Replace ${file.name}`}
        >
          Replace
        </Button>
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          flex={{ base: '1', sm: 'initial' }}
          onClick={onRemove}
          aria-label={`Remove ${file.name}`}
        >
          Remove
        </Button>
      </HStack>
    </Flex>
  );
}

function DocumentIcon() {
  return (
    <LineIcon size={28}>
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
      <path d="M14 3v5h5" />
      <path d="M9 13h6M9 17h6" />
    </LineIcon>
  );
}
