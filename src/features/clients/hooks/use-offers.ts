import { keepPreviousData } from '@tanstack/react-query';
import { trpc } from '@/lib/trpc';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import type { PriceOfferInput } from '@shared/schemas/offers';
import { useInvalidateClientArea } from './use-client-area';

// Offers: the menu, live repricing, the signed summary and the loan extras.

const OFFER_STALE_MS = 30_000;
/** Live repricing waits for the slider to rest this long before asking the server. */
export const REPRICE_DEBOUNCE_MS = 350;

export function useOfferMenu(applicationId: string | null) {
  return trpc.client.offerMenu.useQuery(
    { id: applicationId ?? '' },
    { enabled: applicationId !== null, staleTime: OFFER_STALE_MS, retry: false },
  );
}

/**
 * The server's price for an amount and term, asked once the inputs rest. The previous price stays on screen
 * (marked as updating) meanwhile, so the summary does not jump.
 */
export function usePriceOffer(input: PriceOfferInput | null) {
  const debounced = useDebouncedValue(input, REPRICE_DEBOUNCE_MS);
  const query = trpc.client.priceOffer.useQuery(debounced ?? { id: '', amount: 0, termWeeks: 1 }, {
    enabled: debounced !== null,
    placeholderData: keepPreviousData,
    staleTime: OFFER_STALE_MS,
    retry: false,
  });
  const isSettled =
    input !== null &&
    debounced !== null &&
    input.amount === debounced.amount &&
    input.termWeeks === debounced.termWeeks &&
    !query.isPlaceholderData &&
    !query.isFetching;
  return { query, isSettled };
}

export function useOfferSignature(applicationId: string, enabled: boolean) {
  return trpc.client.offerSignature.useQuery({ id: applicationId }, { enabled, staleTime: OFFER_STALE_MS });
}

export function useRequestConsolidation() {
  const invalidate = useInvalidateClientArea();
  return trpc.client.requestConsolidation.useMutation({ onSuccess: () => invalidate() });
}

export function usePayoffQuote(loanId: string) {
  return trpc.client.payoffQuote.useQuery({ id: loanId }, { staleTime: OFFER_STALE_MS });
}

export function useRenewal(loanId: string) {
  return trpc.client.renewal.useQuery({ id: loanId }, { staleTime: OFFER_STALE_MS });
}

export function useLowerPaymentRequests() {
  return trpc.client.lowerPaymentRequests.useQuery(undefined, { staleTime: OFFER_STALE_MS });
}

export function useRequestLowerPayment() {
  const invalidate = useInvalidateClientArea();
  return trpc.client.requestLowerPayment.useMutation({ onSuccess: () => invalidate() });
}
