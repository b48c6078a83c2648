import { Badge, Box, Button, Field, HStack, Link, Stack, Text, Textarea, chakra } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { toaster } from '@/components/ui/toaster';
import { getErrorMessage } from '@/lib/errors';
import { trpc } from '@/lib/trpc';
import { useInvalidateAdmin } from '../hooks/use-invalidate-admin';
import { formatDateTime, formatFileSize } from '@shared/format';
import {
  DOCUMENT_REQUEST_MAX_ITEMS,
  DOCUMENT_REQUEST_MESSAGE_MAX,
  DOCUMENT_REQUEST_ITEM_MAX,
  DOCUMENT_REQUEST_STATUS_LABELS,
  DOCUMENTS_REQUESTED_LABEL,
  createDocumentRequestSchema,
  type DocumentRequestStatus,
  type StaffDocumentRequestDto,
} from '@shared/schemas/document-requests';

// Document requests on the application detail (docs/product.md 6.7): ask the applicant for named documents,
// follow what came in, cancel or mark reviewed.

function useRequests(applicationId: string) {
  return trpc.admin.documentRequests.useQuery({ applicationId }, { staleTime: 10_000 });
}

/** "Documents requested" beside the status while a request waits for the applicant. */
export function DocumentsRequestedBadge({ applicationId }: { applicationId: string }) {
  const requests = useRequests(applicationId);
  if (!(requests.data ?? []).some((request) => request.status === 'open')) return null;
  return (
    <Badge colorPalette="brand" variant="subtle">
      {DOCUMENTS_REQUESTED_LABEL}
    </Badge>
  );
}

const STATUS_PALETTE: Record<DocumentRequestStatus, string> = {
  open: 'brand',
  received: 'green',
  closed: 'gray',
  cancelled: 'gray',
};

export function DocumentRequestsPanel({ applicationId }: { applicationId: string }) {
  const requests = useRequests(applicationId);
  return (
    <Stack gap="6">
      <RequestForm applicationId={applicationId} />
      {requests.isError && <Text color="fg.error">Failed to load document requests</Text>}
      {requests.data && requests.data.length === 0 && <Text color="fg.muted">No documents were requested yet.</Text>}
      {requests.data && requests.data.length > 0 && (
        <Stack as="ul" gap="3" listStyleType="none" aria-label="Document requests">
          {requests.data.map((request) => (
            <RequestItem key={request.id} request={request} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function RequestForm({ applicationId }: { applicationId: string }) {
  const invalidate = useInvalidateAdmin();
  const [documents, setDocuments] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<{ documents?: string; message?: string }>({});
  const create = trpc.admin.requestDocuments.useMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      applicationId,
      documents: documents
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
      message,
    };
    const parsed = createDocumentRequestSchema.safeParse(input);
    if (!parsed.success) {
      const first = (key: string) => parsed.error.issues.find((issue) => issue.path[0] === key)?.message;
      setErrors({ documents: first('documents'), message: first('message') });
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: () => {
        setDocuments('');
        setMessage('');
        toaster.create({ type: 'success', title: 'Documents requested', description: 'The applicant was emailed.' });
        void invalidate();
      },
      onError: (error) =>
        toaster.create({ type: 'error', title: 'Failed to request documents', description: getErrorMessage(error) }),
    });
  };

  return (
    <chakra.form onSubmit={submit} noValidate aria-label="Request documents">
      <Stack gap="3">
        <Field.Root required invalid={Boolean(errors.documents)}>
          <Field.Label>
            Documents to request
            <Field.RequiredIndicator />
          </Field.Label>
          <Textarea
            value={documents}
            rows={3}
            maxLength={DOCUMENT_REQUEST_MAX_ITEMS * (DOCUMENT_REQUEST_ITEM_MAX + 1)}
            placeholder={'The October statement\nA clearer licence photo'}
            onChange={(event) => setDocuments(event.target.value)}
          />
          <Field.HelperText>One per line, at most {DOCUMENT_REQUEST_MAX_ITEMS}.</Field.HelperText>
          {errors.documents && <Field.ErrorText>{errors.documents}</Field.ErrorText>}
        </Field.Root>
        <Field.Root required invalid={Boolean(errors.message)}>
          <Field.Label>
            Message to the applicant
            <Field.RequiredIndicator />
          </Field.Label>
          <Textarea
            value={message}
            rows={3}
            maxLength={DOCUMENT_REQUEST_MESSAGE_MAX}
            onChange={(event) => setMessage(event.target.value)}
          />
          <Field.HelperText>Emailed to the applicant and shown in their portal.</Field.HelperText>
          {errors.message && <Field.ErrorText>{errors.message}</Field.ErrorText>}
        </Field.Root>
        <HStack>
          <Button type="submit" size="sm" loading={create.isPending}>
            Request documents
          </Button>
        </HStack>
      </Stack>
    </chakra.form>
  );
}

function RequestItem({ request }: { request: StaffDocumentRequestDto }) {
  const invalidate = useInvalidateAdmin();
  const onDone = (title: string) => ({
    onSuccess: () => {
      toaster.create({ type: 'success', title });
      void invalidate();
    },
    onError: (error: unknown) =>
      toaster.create({ type: 'error', title: 'Failed to update the request', description: getErrorMessage(error) }),
  });
  const cancel = trpc.admin.cancelDocumentRequest.useMutation(onDone('Request cancelled'));
  const review = trpc.admin.reviewDocumentRequest.useMutation(onDone('Marked reviewed'));
  return (
    <Box as="li" borderWidth="1px" rounded="md" p="3">
      <Stack gap="2">
        <HStack gap="2" wrap="wrap">
          <Badge colorPalette={STATUS_PALETTE[request.status]} variant="subtle">
            {DOCUMENT_REQUEST_STATUS_LABELS[request.status]}
          </Badge>
          <Text fontSize="sm" color="fg.muted">
            {request.requestedBy} · {formatDateTime(request.requestedAt)}
            {request.closedBy
              ? ` · ${request.status === 'cancelled' ? 'cancelled' : 'reviewed'} by ${request.closedBy}`
              : ''}
          </Text>
        </HStack>
        <chakra.ul ps="5" listStyleType="disc">
          {request.documents.map((name, index) => (
            <li key={`${index}-${name}`}>{name}</li>
          ))}
        </chakra.ul>
        <Text fontSize="sm" whiteSpace="pre-wrap">
          {request.message}
        </Text>
        {request.files.length > 0 && (
          <Stack as="ul" gap="1" listStyleType="none" aria-label="Files received">
            {request.files.map((file) => (
              <HStack as="li" key={file.id} justify="space-between" gap="2" wrap="wrap">
                <Text fontSize="sm">
                  {file.originalName} · {formatFileSize(file.sizeBytes)} · {formatDateTime(file.uploadedAt)}
                </Text>
                <Button asChild size="xs" variant="outline">
                  <Link
                    href={`/api/admin/documents/${encodeURIComponent(file.id)}`}
                    download
                    aria-label={`Open ${file.originalName}`}
                  >
                    Open
                  </Link>
                </Button>
              </HStack>
            ))}
          </Stack>
        )}
        <HStack gap="2">
          {request.status === 'open' && (
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              loading={cancel.isPending}
              onClick={() => cancel.mutate({ id: request.id })}
            >
              Cancel request
            </Button>
          )}
          {request.status === 'received' && (
            <Button
              size="xs"
              variant="outline"
              loading={review.isPending}
              onClick={() => review.mutate({ id: request.id })}
            >
              Mark reviewed
            </Button>
          )}
        </HStack>
      </Stack>
    </Box>
  );
}
