import {
  Box,
  Button,
  Checkbox,
  CloseButton,
  Dialog,
  Field,
  Heading,
  Input,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/errors';
import {
  acceptOfferSchema,
  SIGNATURE_NAME_MAX,
  type AcceptOfferInput,
  type OfferOptionKey,
} from '@shared/schemas/offers';
import { useAcceptFunding } from '../hooks/use-client-area';
import { useOfferMenu, usePriceOffer } from '../hooks/use-offers';
import { formatUsd, shortId } from '@shared/format';
import { formatPct, formatTerm } from '../utils/offers';
import { FundingAcceptedDialog } from './funding-accepted-dialog';
import { OfferSummary } from './offer-summary';
import { OfferValidity } from './offer-validity';
import { CustomizeOffer, OptionGrid } from './offer-options';
import { SectionError, SectionLoading } from './query-state';
import { WhatWouldChange } from './what-would-change';
import type { ClientApplication, ClientLoan, OfferMenu, PricedOffer } from '../types';

export const LOANS_TAB_HREF = `${paths.dashboard}?tab=loans`;

/**
 * Accept Funding: the offer menu (compare, customize, summary, signature), then the funding-accepted animation.
 * Returns the opener, what is in flight (the button is hidden meanwhile) and the dialogs to render.
 */
export function useAcceptFundingFlow() {
  const [target, setTarget] = useState<ClientApplication | null>(null);
  const [accepted, setAccepted] = useState<ClientLoan | null>(null);
  const accept = useAcceptFunding();

  async function handleSign(input: AcceptOfferInput) {
    try {
      const result = await accept.mutateAsync(input);
      setTarget(null);
      setAccepted(result.loan);
    } catch (error) {
      setTarget(null);
      // "Accept funding failure: the error message or 'Failed to accept funding'".
      toaster.create({ type: 'error', title: getErrorMessage(error, 'Failed to accept funding') });
    }
  }

  const dialogs = (
    <>
      <AcceptOfferDialog
        application={target}
        isPending={accept.isPending}
        onSign={handleSign}
        onCancel={() => setTarget(null)}
      />
      <FundingAcceptedDialog loan={accepted} onClose={() => setAccepted(null)} loansHref={LOANS_TAB_HREF} />
    </>
  );
  return { open: setTarget, isAccepting: accept.isPending, dialogs };
}

type SignProps = {
  isPending: boolean;
  onSign: (input: AcceptOfferInput) => Promise<void>;
  onCancel: () => void;
};

function AcceptOfferDialog({ application, ...props }: SignProps & { application: ClientApplication | null }) {
  return (
    <Dialog.Root
      open={application !== null}
      onOpenChange={(details) => !details.open && !props.isPending && props.onCancel()}
      placement="center"
      role="alertdialog"
      size={{ base: 'full', md: 'xl' }}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Accept this funding offer?</Dialog.Title>
            </Dialog.Header>
            {application && <AcceptOfferContent key={application.id} application={application} {...props} />}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" disabled={props.isPending} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function AcceptOfferContent({ application, ...props }: SignProps & { application: ClientApplication }) {
  const menu = useOfferMenu(application.id);
  if (menu.data) return <OfferChooser application={application} menu={menu.data} {...props} />;
  return (
    <>
      <Dialog.Body>
        <Box minH="60">
          {menu.isError ? (
            <SectionError error={menu.error} fallback="Failed to load your offer" onRetry={() => void menu.refetch()} />
          ) : (
            <SectionLoading label="Loading your offer" />
          )}
        </Box>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={props.onCancel}>
          Cancel
        </Button>
      </Dialog.Footer>
    </>
  );
}

// The shared schema's own messages; the checkbox starts unticked, so the form reads it as a boolean first.
const signFormSchema = z.object({
  fullName: acceptOfferSchema.shape.fullName,
  consent: z.boolean().pipe(acceptOfferSchema.shape.consent),
});
type SignFormInput = z.input<typeof signFormSchema>;
type SignFormData = z.output<typeof signFormSchema>;

const CONSENT_TEXT =
  'I agree to receive and sign this offer and all related records electronically, and I can ask for paper copies at any time.';

function initialChoice(menu: OfferMenu): OfferOptionKey {
  return (
    menu.options.find((item) => item.option.key === 'standard')?.option.key ?? menu.options[0]?.option.key ?? 'custom'
  );
}

function OfferChooser({
  application,
  menu,
  isPending,
  onSign,
  onCancel,
}: SignProps & { application: ClientApplication; menu: OfferMenu }) {
  const formId = useId();
  const customizeId = useId();
  const summaryHeadingId = useId();
  const [choice, setChoice] = useState<OfferOptionKey>(() => initialChoice(menu));
  const [custom, setCustom] = useState<{ amount: number; termWeeks: number } | null>(null);
  const isCustom = choice === 'custom' && custom !== null;
  const priced = usePriceOffer(isCustom ? { id: application.id, ...custom } : null);

  const fromMenu = menu.options.find((item) => item.option.key === choice);
  const chosen: PricedOffer | undefined = isCustom
    ? priced.isSettled && !priced.query.isError
      ? priced.query.data
      : undefined
    : fromMenu;
  // While a custom price is on its way the last one stays, dimmed, so the summary keeps its place.
  const shown = isCustom ? (priced.query.isError ? undefined : priced.query.data) : fromMenu;
  const isPricing = isCustom && !priced.isSettled;

  const form = useForm<SignFormInput, unknown, SignFormData>({
    resolver: zodResolver(signFormSchema),
    defaultValues: { fullName: '', consent: false },
  });
  const { errors } = form.formState;

  function handleCustomize() {
    if (isCustom) return;
    const start = fromMenu?.option ?? menu.options[0]?.option;
    setCustom({
      amount: start?.amount ?? menu.limits.maxAmount,
      termWeeks: start?.termWeeks ?? menu.limits.maxTermWeeks,
    });
    setChoice('custom');
  }

  const handleSubmit = form.handleSubmit(async (values) => {
    if (!chosen) return;
    await onSign({
      id: application.id,
      amount: chosen.option.amount,
      termWeeks: chosen.option.termWeeks,
      fullName: values.fullName,
      consent: values.consent,
      summaryHash: chosen.disclosure.summaryHash,
    });
  });

  const capPct = menu.affordabilityCapPct;
  return (
    <>
      <Dialog.Body>
        <Stack gap="7">
          <Stack gap="1">
            <Text color="fg.muted">
              {application.businessName} · Application {shortId(application.id)}
            </Text>
            <OfferValidity menu={menu} />
          </Stack>

          <Stack as="section" aria-labelledby="compare-options" gap="3">
            <Heading as="h3" size="md" id="compare-options">
              Compare your options
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {menu.weeklyRevenue !== null
                ? `Each meter shows the weekly payment as a share of your verified weekly revenue of ${formatUsd(menu.weeklyRevenue)}.`
                : 'Your revenue is not yet verified from bank statements, so the payments are not compared with it.'}
              {capPct !== null && ` The mark on each meter is our limit of ${formatPct(capPct)}.`}
              {menu.existingWeeklyPayments > 0 &&
                ` It allows for the ${formatUsd(menu.existingWeeklyPayments)} a week you already pay other funders.`}
            </Text>
            <OptionGrid
              options={menu.options.map((item) => item.option)}
              capPct={capPct}
              selectedKey={choice}
              onChoose={(key) => setChoice(key)}
            />
          </Stack>

          <Stack as="section" aria-labelledby={`${customizeId}-heading`} gap="3">
            <Heading as="h3" size="md" id={`${customizeId}-heading`}>
              Customize
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {`Choose any amount from ${formatUsd(menu.limits.minAmount)} to ${formatUsd(menu.limits.maxAmount)} and a term from ${menu.limits.minTermWeeks} to ${menu.limits.maxTermWeeks} weeks; we reprice it with the same policy.`}
            </Text>
            {isCustom ? (
              <Box id={customizeId}>
                <CustomizeOffer
                  limits={menu.limits}
                  amount={custom.amount}
                  termWeeks={custom.termWeeks}
                  onChange={setCustom}
                  priced={shown}
                  isPricing={isPricing}
                  error={priced.query.isError && priced.isSettled ? priced.query.error : null}
                  capPct={capPct}
                />
              </Box>
            ) : (
              <Button alignSelf="flex-start" size="sm" variant="outline" colorPalette="brand" onClick={handleCustomize}>
                Customize amount and term
              </Button>
            )}
          </Stack>

          <WhatWouldChange menu={menu} />

          {shown ? (
            <OfferSummary
              disclosure={shown.disclosure}
              headingId={summaryHeadingId}
              subject={`${application.businessName} · Application ${shortId(application.id)} · ${shown.option.label}`}
              isUpdating={isPricing}
            />
          ) : (
            <Text color="fg.muted" fontSize="sm">
              Choose an option to see its summary.
            </Text>
          )}

          <form id={formId} onSubmit={(event) => void handleSubmit(event)} noValidate>
            <Stack gap="4">
              <Heading as="h3" size="md">
                Sign
              </Heading>
              <Text fontSize="sm" aria-live="polite">
                {chosen
                  ? `You are signing for: ${chosen.option.label}, ${formatUsd(chosen.option.amount)} over ${formatTerm(chosen.option.termWeeks)} at ${formatUsd(chosen.option.weeklyPayment)} a week.`
                  : 'Waiting for the price of your choice...'}
              </Text>
              <Field.Root invalid={Boolean(errors.consent)}>
                <Controller
                  control={form.control}
                  name="consent"
                  render={({ field }) => (
                    <Checkbox.Root
                      checked={field.value}
                      onCheckedChange={(details) => field.onChange(details.checked === true)}
                      alignItems="flex-start"
                      colorPalette="brand"
                    >
                      <Checkbox.HiddenInput name={field.name} onBlur={field.onBlur} ref={field.ref} />
                      <Checkbox.Control mt="0.5" />
                      <Checkbox.Label fontWeight="normal">{CONSENT_TEXT}</Checkbox.Label>
                    </Checkbox.Root>
                  )}
                />
                <Field.ErrorText>{errors.consent?.message}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={Boolean(errors.fullName)} required>
                <Field.Label>
                  Type your full name to sign
                  <Field.RequiredIndicator />
                </Field.Label>
                <Input autoComplete="name" maxLength={SIGNATURE_NAME_MAX} {...form.register('fullName')} />
                {errors.fullName ? (
                  <Field.ErrorText>{errors.fullName.message}</Field.ErrorText>
                ) : (
                  <Field.HelperText>
                    Your typed name is your electronic signature on the summary above.
                  </Field.HelperText>
                )}
              </Field.Root>
            </Stack>
          </form>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onCancel} disabled={isPending}>
          Cancel
        </Button>
        <Button
          type="submit"
          form={formId}
          colorPalette="brand"
          disabled={!chosen || menu.isExpired}
          loading={isPending}
          loadingText="Accepting..."
        >
          Confirm and Accept
        </Button>
      </Dialog.Footer>
    </>
  );
}
