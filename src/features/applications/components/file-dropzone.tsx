import { Box, Button, Field, HStack, Stack, Text, chakra } from '@chakra-ui/react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { FILE_INPUT_ACCEPT } from '@shared/schemas/application';
import { LineIcon } from '@/components/line-icon';
import { formatFileSize } from '@shared/format';
import { ChosenFile } from './chosen-file';

type Props = {
  name: string;
  label: string;
  description: string;
  files: File[];
  isMultiple: boolean;
  isRequired: boolean;
  error?: string;
  /** Called with the files chosen or dropped (the parent decides what is kept). */
  onAdd: (files: File[]) => void;
  onRemove: (index: number) => void;
};

/** Every box has the same size, whatever it holds, so the three fields line up on any screen. */
const BOX_MIN_HEIGHT = '9rem';

/**
 * A file picker with drag and drop, full width. The real <input type="file"> stays in the page (visually hidden,
 * focusable), so keyboards, screen readers and tests use it directly; the box around it is a larger click and drop
 * target. A one-file box that holds its file shows that file (name, size, a thumbnail for a photo) with Replace and
 * Remove instead of the empty drop zone; dropping another file still replaces it.
 */
export function FileDropzone({
  name,
  label,
  description,
  files,
  isMultiple,
  isRequired,
  error,
  onAdd,
  onRemove,
}: Props) {
  const inputRef = useRef<HTMLInputElement | null>(null);
  const [isDragging, setDragging] = useState(false);
  const baseId = useId();
  const inputId = `${baseId}-${name}`;
  const errorId = `apply-${name}-error`;
  const hintId = `${baseId}-${name}-hint`;
  const chosenId = `${baseId}-${name}-chosen`;
  const single = !isMultiple ? (files[0] ?? null) : null;

  function handleDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    const dropped = Array.from(event.dataTransfer.files);
    if (dropped.length > 0) onAdd(isMultiple ? dropped : dropped.slice(0, 1));
  }

  const chooseAgain = () => inputRef.current?.click();

  return (
    <Field.Root invalid={Boolean(error)} required={isRequired} w="full">
      <Field.Label htmlFor={inputId}>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Box
        data-testid={`dropzone-${name}`}
        data-state={single ? 'chosen' : 'empty'}
        w="full"
        minH={BOX_MIN_HEIGHT}
        display="flex"
        flexDirection="column"
        justifyContent="center"
        borderWidth="2px"
        borderStyle={single ? 'solid' : 'dashed'}
        borderColor={error ? 'border.error' : isDragging ? 'brand.500' : 'border'}
        bg={isDragging ? 'brand.50' : single ? 'bg' : 'bg.subtle'}
        borderRadius="lg"
        p={{ base: '4', md: '6' }}
        textAlign="center"
        cursor={single ? 'default' : 'pointer'}
        transition="background 0.15s"
        _focusWithin={{ outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '2px' }}
        onClick={single ? undefined : chooseAgain}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={handleDrop}
      >
        <chakra.input
          ref={inputRef}
          id={inputId}
          type="file"
          name={name}
          accept={FILE_INPUT_ACCEPT}
          multiple={isMultiple}
          aria-describedby={[error ? errorId : null, single ? chosenId : null, hintId].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          srOnly
          onClick={(event) => event.stopPropagation()}
          onChange={(event) => {
            const chosen = Array.from(event.target.files ?? []);
            // Reset so choosing the same file again after removing it fires a change.
            event.target.value = '';
            if (chosen.length > 0) onAdd(chosen);
          }}
        />
        {single ? (
          <ChosenFile
            file={single}
            id={chosenId}
            isDragging={isDragging}
            onReplace={chooseAgain}
            onRemove={() => {
              onRemove(0);
              inputRef.current?.focus();
            }}
          />
        ) : (
          <Stack gap="1" align="center" pointerEvents="none">
            <UploadIcon />
            <Text fontWeight="medium">{isDragging ? 'Drop to add' : 'Drag and drop, or click to choose'}</Text>
          </Stack>
        )}
        <Text id={hintId} fontSize="sm" color="fg.muted" mt="1" pointerEvents="none" srOnly={Boolean(single)}>
          {description}
        </Text>
      </Box>
      {isMultiple && files.length > 0 && (
        <Stack as="ul" gap="2" listStyleType="none" w="full" aria-label="Chosen files">
          {files.map((file, index) => (
            <HStack
              as="li"
              key={`${file.name}-${file.size}-${file.lastModified}-${index}`}
              justify="space-between"
              borderWidth="1px"
              borderRadius="md"
              px="3"
              py="2"
              gap="3"
            >
              <Box minW="0">
                <Text fontSize="sm" fontWeight="medium" truncate>
                  {file.name}
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  {formatFileSize(file.size)}
                </Text>
              </Box>
              <Button
                size="xs"
                variant="outline"
                colorPalette="red"
                onClick={() => onRemove(index)}
                aria-label={`Remove ${file.name}`}
              >
                Remove
              </Button>
            </HStack>
          ))}
        </Stack>
      )}
      {error && (
        <Field.ErrorText id={errorId} aria-live="polite">
          {error}
        </Field.ErrorText>
      )}
    </Field.Root>
  );
}

function UploadIcon() {
  return (
    <LineIcon size={28}>
      <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4" />
      <path d="M17 8l-5-5-5 5" />
      <path d="M12 3v12" />
    </LineIcon>
  );
}
