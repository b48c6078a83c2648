import { Alert, Badge, Box, Button, Card, Field, Heading, Stack, Text, chakra } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useId, useState, type FormEvent } from 'react';
import { toaster } from '@/components/ui/toaster';
import { ApiError, getErrorMessage } from '@/lib/errors';
import { trpc } from '@/lib/trpc';
import { MAX_BANK_STATEMENTS } from '@shared/constants';
import { formatDateTime, formatFileSize } from '@shared/format';
import { APPLICATION_MESSAGES, FILE_INPUT_ACCEPT, fileProblem, type DocumentField } from '@shared/schemas/application';
import {
  DOCUMENT_REQUEST_MESSAGES,
  DOCUMENTS_REQUESTED_LABEL,
  type ClientDocumentRequestDto,
} from '@shared/schemas/document-requests';

// Document requests in the client portal (docs/product.md 6.7): what staff asked for, and the upload that answers
// it with the wizard's fields, limits and messages.

const STALE_MS = 30_000;

function useDocumentRequests() {
  return trpc.client.documentRequests.useQuery(undefined, { staleTime: STALE_MS });
}

/** "Documents requested" beside an application's status while a request waits for the applicant. */
export function DocumentsRequestedBadge({ applicationId }: { applicationId: string }) {
  const requests = useDocumentRequests();
  const isOpen = (requests.data ?? []).some(
    (request) => request.applicationId === applicationId && request.status === 'open',
  );
  if (!isOpen) return null;
  return (
    <Badge colorPalette="brand" variant="subtle" size="md" whiteSpace="nowrap">
      {DOCUMENTS_REQUESTED_LABEL}
    </Badge>
  );
}

/** The requests waiting for an answer, and those answered, each with its upload form or what was sent. */
export function DocumentRequestsSection() {
  const requests = useDocumentRequests();
  const shown = (requests.data ?? []).filter((request) => request.status === 'open' || request.status === 'received');
  if (shown.length === 0) return null;
  return (
    <Stack as="section" aria-labelledby="documents-requested" gap="4">
      <Heading as="h2" size="lg" id="documents-requested">
        {DOCUMENTS_REQUESTED_LABEL}
      </Heading>
      {shown.map((request) => (
        <RequestCard key={request.id} request={request} />
      ))}
    </Stack>
  );
}

const FIELDS: Array<{ field: DocumentField; label: string; multiple: boolean; hint: string }> = [
  {
    field: 'bankStatements',
    label: 'Bank statements',
    multiple: true,
    hint: `Up to ${MAX_BANK_STATEMENTS} files. PDF or image (JPEG, PNG, WebP, HEIC), up to 10MB each.`,
  },
  {
    field: 'driversLicense',
    label: "Driver's license",
    multiple: false,
    hint: 'One file. PDF or image (JPEG, PNG, WebP, HEIC), up to 10MB.',
  },
  {
    field: 'voidedCheck',
    label: 'Voided check',
    multiple: false,
    hint: 'One file. PDF or image (JPEG, PNG, WebP, HEIC), up to 10MB.',
  },
];

type Chosen = Record<DocumentField, File[]>;
const NONE: Chosen = { bankStatements: [], driversLicense: [], voidedCheck: [] };

function RequestCard({ request }: { request: ClientDocumentRequestDto }) {
  const headingId = useId();
  return (
    <Card.Root role="group" aria-labelledby={headingId} size="sm" borderColor="brand.muted">
      <Card.Body>
        <Stack gap="3">
          <Box>
            <Heading as="h3" size="md" id={headingId}>
              {request.businessName}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              Requested {formatDateTime(request.requestedAt)}
            </Text>
          </Box>
          <Box>
            <Text fontWeight="medium">We need:</Text>
            <chakra.ul ps="5" listStyleType="disc">
              {request.documents.map((name, index) => (
                <li key={`${index}-${name}`}>{name}</li>
              ))}
            </chakra.ul>
          </Box>
          <Text whiteSpace="pre-wrap">{request.message}</Text>
          {request.status === 'open' ? (
            <UploadForm requestId={request.id} />
          ) : (
            <Alert.Root status="success">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>Received {formatDateTime(request.receivedAt)}. Thank you.</Alert.Title>
                <Alert.Description>
                  {request.files.map((file) => `${file.originalName} (${formatFileSize(file.sizeBytes)})`).join(', ')}
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function UploadForm({ requestId }: { requestId: string }) {
  const baseId = useId();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<Chosen>(NONE);
  const [problems, setProblems] = useState<Partial<Record<DocumentField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  const count = FIELDS.reduce((sum, { field }) => sum + chosen[field].length, 0);

  function choose(field: DocumentField, files: File[], multiple: boolean) {
    const problem = files.map((file) => fileProblem(file)).find(Boolean);
    const tooMany = multiple && files.length > MAX_BANK_STATEMENTS ? APPLICATION_MESSAGES.bankStatementsMax : null;
    setProblems((current) => ({ ...current, [field]: problem ?? tooMany ?? undefined }));
    setChosen((current) => ({ ...current, [field]: problem || tooMany ? [] : files }));
    setFailure(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (count === 0) {
      setFailure(DOCUMENT_REQUEST_MESSAGES.noFiles);
      return;
    }
    const body = new FormData();
    for (const { field } of FIELDS) for (const file of chosen[field]) body.append(field, file, file.name);
    setSending(true);
    try {
      const response = await fetch(`/api/client/document-requests/${encodeURIComponent(requestId)}/files`, {
        method: 'POST',
        credentials: 'include',
        body,
      });
      if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
      toaster.create({
        type: 'success',
        title: 'Documents uploaded',
        description: 'Our underwriting team is notified.',
      });
      setChosen(NONE);
      await queryClient.invalidateQueries({ queryKey: getQueryKey(trpc.client.documentRequests) });
    } catch (error) {
      // The server names the refused field ("bankStatements: <message>; ..."): each message goes under its field.
      const message = getErrorMessage(error);
      const named = message
        .split('; ')
        .map((part) => /^(\w+): (.*)$/.exec(part))
        .filter((match): match is RegExpExecArray => match !== null && FIELDS.some(({ field }) => field === match[1]));
      if (named.length > 0) {
        setProblems(
          Object.fromEntries(named.map((match) => [match[1], match[2]])) as Partial<Record<DocumentField, string>>,
        );
        setFailure('Some files were not accepted; nothing was uploaded.');
      } else setFailure(message);
    } finally {
      setSending(false);
    }
  }

  return (
    <chakra.form onSubmit={submit} noValidate aria-label="Upload the requested documents">
      <Stack gap="4">
        {FIELDS.map(({ field, label, multiple, hint }) => (
          <Field.Root key={field} invalid={Boolean(problems[field])}>
            <Field.Label htmlFor={`${baseId}-${field}`}>{label}</Field.Label>
            <chakra.input
              id={`${baseId}-${field}`}
              type="file"
              name={field}
              accept={FILE_INPUT_ACCEPT}
              multiple={multiple}
              fontSize="sm"
              maxW="full"
              aria-describedby={`${baseId}-${field}-hint`}
              onChange={(event) => choose(field, Array.from(event.target.files ?? []), multiple)}
            />
            <Field.HelperText id={`${baseId}-${field}-hint`}>{hint}</Field.HelperText>
            {problems[field] && <Field.ErrorText>{problems[field]}</Field.ErrorText>}
          </Field.Root>
        ))}
        {failure && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{failure}</Alert.Title>
          </Alert.Root>
        )}
        <Box>
          <Button type="submit" colorPalette="brand" loading={isSending} w={{ base: 'full', sm: 'auto' }}>
            Upload {count > 0 ? `${count} ${count === 1 ? 'file' : 'files'}` : 'documents'}
          </Button>
        </Box>
      </Stack>
    </chakra.form>
  );
}
