import {
  Alert,
  Box,
  Button,
  Dialog,
  Field,
  HStack,
  Input,
  Link,
  Spinner,
  Stack,
  Tabs,
  Text,
  Textarea,
  chakra,
} from '@chakra-ui/react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { AppDialog } from '@/components/form-dialog';
import { toaster } from '@/components/ui/toaster';
import { getErrorMessage, getFieldErrors } from '@/lib/errors';
import { trpc } from '@/lib/trpc';
import { applicationStatusLabel } from '@shared/schemas/admin';
import type { ApplicationDetail } from '../types';
import { hasPendingOcr } from '../utils/analysis';
import { formatCalendarDate, formatDateTime, formatUsd, shortId } from '@shared/format';
import { AiDecisionBadge, StatusBadge } from './badges';
import { FieldList } from './field-list';
import { AssigneeControl } from './assignee-control';
import { DecisionsPanel } from './decisions-panel';
import { DocumentRequestsPanel, DocumentsRequestedBadge } from './document-requests-panel';
import { NotesTimeline } from './notes-timeline';
import { LowerPaymentRequestList, OfferSignaturePanel } from './offer-signature';
import { StatusSelect } from './status-select';
import { UnderwritingAnalysis } from './underwriting-analysis';

export type DetailRequest = { id: string; focus?: 'analysis' };

/** A page of OCR takes seconds; every refresh is an audited view, so not more often than this, and not forever. */
const OCR_REFRESH_MS = 5_000;
const OCR_REFRESH_LIMIT = 120;

type Props = {
  request: DetailRequest | null;
  canReveal: boolean;
  currentUserId: string;
  onClose: () => void;
  onByEmail: (email: string) => void;
};

/** Application detail dialog (every field), plus documents, the analysis and the status history. */
export function ApplicationDetailDialog({ request, canReveal, currentUserId, onClose, onByEmail }: Props) {
  return (
    <AppDialog open={request !== null} onOpenChange={(next) => !next && onClose()} size="xl">
      {request && (
        <DetailContent request={request} canReveal={canReveal} currentUserId={currentUserId} onByEmail={onByEmail} />
      )}
    </AppDialog>
  );
}

function DetailContent({
  request,
  canReveal,
  currentUserId,
  onByEmail,
}: {
  request: DetailRequest;
  canReveal: boolean;
  currentUserId: string;
  onByEmail: (email: string) => void;
}) {
  const query = trpc.admin.applicationById.useQuery({ id: request.id }, { staleTime: 10_000 });
  // OCR of a photo or scan finishes after the answer. While a statement waits for it, the dialog polls how
  // many jobs are unfinished (no personal data: not an audited read), and reads the detail again (one audited view)
  // each time that answers none, until the detail shows the OCR outcome.
  const isOcrPending = hasPendingOcr(query.data?.underwriting?.analysis);
  const ocr = trpc.admin.ocrPending.useQuery(
    { id: request.id },
    {
      enabled: isOcrPending,
      staleTime: 0,
      refetchInterval: (current) => (current.state.dataUpdateCount < OCR_REFRESH_LIMIT ? OCR_REFRESH_MS : false),
    },
  );
  const { refetch } = query;
  useEffect(() => {
    if (isOcrPending && ocr.data?.pending === 0) void refetch();
  }, [isOcrPending, ocr.data?.pending, ocr.dataUpdatedAt, refetch]);
  useEffect(() => {
    if (query.error) {
      toaster.create({
        type: 'error',
        title: 'Failed to load application details',
        description: getErrorMessage(query.error),
      });
    }
  }, [query.error]);

  if (query.isPending) {
    return (
      <>
        <Dialog.Header>
          <Dialog.Title>Application details</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <HStack justify="center" py="10">
            <Spinner aria-label="Loading application" />
          </HStack>
        </Dialog.Body>
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        <Dialog.Header>
          <Dialog.Title>Application details</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>Failed to load application details</Alert.Title>
          </Alert.Root>
        </Dialog.Body>
      </>
    );
  }
  const detail = query.data;
  return (
    <>
      <Dialog.Header>
        <Stack gap="1">
          <Dialog.Title>{detail.businessName}</Dialog.Title>
          <HStack gap="2" wrap="wrap">
            <Text fontSize="sm" color="fg.muted">
              Application {shortId(detail.id)}
            </Text>
            <StatusBadge status={detail.status} />
            <AiDecisionBadge decision={detail.aiApproved} />
            <DocumentsRequestedBadge applicationId={detail.id} />
          </HStack>
          <AssigneeControl application={detail} currentUserId={currentUserId} />
        </Stack>
      </Dialog.Header>
      <Dialog.Body>
        <Tabs.Root defaultValue={request.focus ?? 'details'} variant="line" lazyMount>
          <Tabs.List
            overflowX="auto"
            overflowY="hidden"
            css={{ '& > button': { flexShrink: 0, whiteSpace: 'nowrap' } }}
          >
            <Tabs.Trigger value="details">Details</Tabs.Trigger>
            <Tabs.Trigger value="analysis">Analysis</Tabs.Trigger>
            <Tabs.Trigger value="documents">Documents ({detail.documents.length})</Tabs.Trigger>
            <Tabs.Trigger value="requests">Requests</Tabs.Trigger>
            <Tabs.Trigger value="history">Timeline</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="details">
            <DetailsPanel detail={detail} canReveal={canReveal} onByEmail={onByEmail} />
          </Tabs.Content>
          <Tabs.Content value="analysis">
            <UnderwritingAnalysis detail={detail} />
          </Tabs.Content>
          <Tabs.Content value="documents">
            <DocumentsPanel detail={detail} />
          </Tabs.Content>
          <Tabs.Content value="requests">
            <DocumentRequestsPanel applicationId={detail.id} />
          </Tabs.Content>
          <Tabs.Content value="history">
            <HistoryPanel detail={detail} />
          </Tabs.Content>
        </Tabs.Root>
      </Dialog.Body>
    </>
  );
}

function DetailsPanel({
  detail,
  canReveal,
  onByEmail,
}: {
  detail: ApplicationDetail;
  canReveal: boolean;
  onByEmail: (email: string) => void;
}) {
  const money = (value: number | null) => (value === null ? '—' : formatUsd(value));
  const revealable = (field: RevealField, label: string, masked: string) => (
    <RevealableValue
      key={field}
      applicationId={detail.id}
      field={field}
      label={label}
      masked={masked}
      canReveal={canReveal}
    />
  );
  return (
    <Stack gap="6">
      <HStack gap="3" wrap="wrap">
        <Text fontSize="sm" fontWeight="medium">
          Change status
        </Text>
        <StatusSelect application={detail} />
        <Button size="sm" variant="outline" onClick={() => onByEmail(detail.email)}>
          All applications from this email
        </Button>
      </HStack>
      <FieldList
        rows={[
          ['Requested amount', money(detail.loanAmount)],
          ['Approved amount', money(detail.approvedAmount)],
          ['Status', applicationStatusLabel(detail.status)],
          ['Submitted', formatDateTime(detail.createdAt)],
          ['Last updated', formatDateTime(detail.updatedAt)],
          ['Decided', detail.decidedAt ? formatDateTime(detail.decidedAt) : '—'],
          ['Existing client', detail.isExistingClient ? 'Yes' : 'No'],
        ]}
      />
      <DecisionsPanel applicationId={detail.id} />
      <Section title="Business">
        <FieldList
          rows={[
            ['Business name', detail.businessName],
            ['Business type', detail.businessType],
            ['Time in business', detail.timeInBusiness],
            ['Business start date', formatCalendarDate(detail.businessStartDate)],
            ['Business address', detail.businessAddress],
            ['Address line 2', detail.businessAddress2 ?? '—'],
            ['EIN', revealable('ein', 'EIN', detail.ein)],
            ['Monthly revenue', detail.monthlyRevenue],
            ['Annual revenue', money(detail.annualRevenue)],
            ['Employees', detail.employeeCount ?? '—'],
          ]}
        />
      </Section>
      <Section title="Owner">
        <FieldList
          rows={[
            ['Owner name', detail.ownerName],
            ['Email', detail.email],
            ['Phone', detail.phone],
            ['Home address', detail.ownerAddress ?? '—'],
            ['Date of birth', revealable('dateOfBirth', 'date of birth', detail.ownerDateOfBirth)],
            ['SSN', revealable('ssn', 'SSN', detail.ssn)],
            ['Estimated credit score', detail.estimatedCreditScore],
          ]}
        />
      </Section>
      <Section title="Finances">
        <FieldList
          rows={[
            ['Cash on hand', money(detail.cashOnHand)],
            ['Accounts receivable', money(detail.accountsReceivable)],
            ['Accounts payable', money(detail.accountsPayable)],
            ['Existing loan payments', money(detail.existingLoanPayments)],
            ['Rent or mortgage', money(detail.rentOrMortgage)],
            ['Consolidation application', detail.isConsolidationApplication ? 'Yes' : 'No'],
            ['Estimated payoff amount', money(detail.estimatedPayoffAmount)],
            ['Estimated payment reduction', money(detail.estimatedPaymentReduction)],
            [
              'MCA positions to consolidate',
              detail.mcaPositionsToConsolidate.length ? detail.mcaPositionsToConsolidate.join(', ') : '—',
            ],
            [
              'Additional information',
              detail.additionalInfo ? <Text whiteSpace="pre-wrap">{detail.additionalInfo}</Text> : '—',
            ],
          ]}
        />
      </Section>
      <Section title="Authorisations at submission">
        {detail.consent ? (
          <FieldList
            rows={[
              ['Verification and soft credit inquiry', detail.consent.verification ? 'Agreed' : 'Not agreed'],
              ['Electronic records and signatures', detail.consent.electronicRecords ? 'Agreed' : 'Not agreed'],
              ['Wording version', detail.consent.version],
              ['Agreed at', formatDateTime(detail.consent.agreedAt)],
              ['From IP address', detail.consent.ip],
            ]}
          />
        ) : (
          <Text fontSize="sm" color="fg.muted">
            Not recorded (submitted before the Review step asked for authorisations).
          </Text>
        )}
      </Section>
      {detail.signature && (
        <Section title="Offer signature">
          <OfferSignaturePanel signature={detail.signature} />
        </Section>
      )}
      {detail.lowerPaymentRequests.length > 0 && (
        <Section title="Lower payment requests">
          <LowerPaymentRequestList requests={detail.lowerPaymentRequests} />
        </Section>
      )}
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" aria-label={title}>
      <Text fontWeight="semibold" mb="2">
        {title}
      </Text>
      {children}
    </Box>
  );
}

type RevealField = 'ssn' | 'ein' | 'dateOfBirth';

/** Masked by default; super_admin may reveal with a reason and an authenticator code (audited on the server). */
function RevealableValue(props: {
  applicationId: string;
  field: RevealField;
  label: string;
  masked: string;
  canReveal: boolean;
}) {
  const [isOpen, setOpen] = useState(false);
  const [value, setValue] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const reveal = trpc.admin.revealPii.useMutation();

  // A revealed value stays on screen for a minute at most.
  useEffect(() => {
    if (value === null) return;
    const timer = window.setTimeout(() => setValue(null), 60_000);
    return () => window.clearTimeout(timer);
  }, [value]);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    try {
      const result = await reveal.mutateAsync({
        id: props.applicationId,
        field: props.field,
        reason: reason.trim(),
        code: code.trim(),
      });
      setValue(result.value);
      setOpen(false);
      setReason('');
      setCode('');
      setErrors({});
    } catch (failure) {
      setErrors(getFieldErrors(failure));
      toaster.create({ type: 'error', title: 'Reveal refused', description: getErrorMessage(failure) });
    }
  }

  return (
    <Stack gap="2" align="flex-start">
      <HStack gap="2">
        <Text fontFamily="mono">{value ?? props.masked}</Text>
        {props.canReveal && value === null && !isOpen && (
          <Button
            size="xs"
            variant="outline"
            colorPalette="red"
            onClick={() => setOpen(true)}
            aria-label={`Reveal ${props.label}`}
          >
            Reveal
          </Button>
        )}
        {value !== null && (
          <Button size="xs" variant="ghost" onClick={() => setValue(null)}>
            Hide
          </Button>
        )}
      </HStack>
      {isOpen && (
        <chakra.form onSubmit={handleSubmit} noValidate borderWidth="1px" rounded="md" p="3" w="full" maxW="md">
          <Stack gap="3">
            <Text fontSize="sm" color="fg.muted">
              Revealing the full {props.label} is recorded in the audit log with your reason.
            </Text>
            <Field.Root required invalid={Boolean(errors.reason)}>
              <Field.Label>Reason</Field.Label>
              <Textarea value={reason} maxLength={300} onChange={(event) => setReason(event.target.value)} rows={2} />
              {errors.reason && <Field.ErrorText>{errors.reason[0]}</Field.ErrorText>}
            </Field.Root>
            <Field.Root required invalid={Boolean(errors.code)}>
              <Field.Label>Authenticator code</Field.Label>
              <Input
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(event) => setCode(event.target.value)}
              />
              {errors.code && <Field.ErrorText>{errors.code[0]}</Field.ErrorText>}
            </Field.Root>
            <HStack>
              <Button type="submit" size="sm" colorPalette="red" loading={reveal.isPending}>
                Reveal {props.label}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
                Cancel
              </Button>
            </HStack>
          </Stack>
        </chakra.form>
      )}
    </Stack>
  );
}

const KIND_LABELS: Record<string, string> = {
  bank_statement: 'Bank statement',
  drivers_license: "Driver's license",
  voided_check: 'Voided check',
};

function DocumentsPanel({ detail }: { detail: ApplicationDetail }) {
  if (detail.documents.length === 0)
    return <Text color="fg.muted">No documents were uploaded with this application.</Text>;
  return (
    <Stack as="ul" gap="3" listStyleType="none">
      {detail.documents.map((document) => (
        <Box as="li" key={document.id} borderWidth="1px" rounded="md" p="3">
          <HStack justify="space-between" gap="3" wrap="wrap">
            <Box>
              <Text fontWeight="medium">{document.originalName}</Text>
              <Text fontSize="sm" color="fg.muted">
                {KIND_LABELS[document.kind] ?? document.kind} · {Math.max(1, Math.round(document.sizeBytes / 1024))} KB
                · {document.parseStatus}
                {document.parseNote ? ` — ${document.parseNote}` : ''}
              </Text>
            </Box>
            <Button asChild size="sm" variant="outline">
              <Link
                href={`/api/admin/documents/${encodeURIComponent(document.id)}`}
                download
                aria-label={`Open ${document.originalName}`}
              >
                Open
              </Link>
            </Button>
          </HStack>
        </Box>
      ))}
    </Stack>
  );
}

function HistoryPanel({ detail }: { detail: ApplicationDetail }) {
  const documentName = (id: string | null) =>
    detail.documents.find((document) => document.id === id)?.originalName ?? 'a document';
  const events = detail.history.map((event) => ({
    at: event.at,
    actorName: event.actorName,
    title:
      event.action === 'application.status' && event.from && event.to
        ? `${applicationStatusLabel(event.from)} → ${applicationStatusLabel(event.to)}`
        : event.action === 'application.assign'
          ? event.to
            ? `Assigned to ${event.to}`
            : `Unassigned${event.from ? ` from ${event.from}` : ''}`
          : event.action === 'document.open'
            ? `Opened ${documentName(event.documentId)}`
            : event.action === 'application.pii_reveal'
              ? `Revealed ${event.field ?? 'a restricted value'}${event.reason ? ` — “${event.reason}”` : ''}`
              : event.label,
  }));
  return <NotesTimeline subjectType="application" subjectId={detail.id} events={events} label="Application timeline" />;
}
