import type { RouterOutputs } from '@/lib/trpc';

// Shapes of the client and rewards procedures, as the router answers them (never retyped by hand).
type ClientOutputs = RouterOutputs['client'];

export type ClientApplication = ClientOutputs['applications'][number];
export type ClientLoan = ClientOutputs['loans'][number];
export type OfferMenu = ClientOutputs['offerMenu'];
export type PricedOffer = ClientOutputs['priceOffer'];
export type OfferOption = PricedOffer['option'];
export type OfferDisclosure = PricedOffer['disclosure'];
export type OfferLimits = OfferMenu['limits'];
export type WhatIf = OfferMenu['whatWouldChange'][number];
export type FinancingPosition = OfferMenu['positions'][number];
export type OfferSignature = NonNullable<ClientOutputs['offerSignature']>;
export type Renewal = ClientOutputs['renewal'];
export type LowerPaymentRequest = ClientOutputs['lowerPaymentRequests'][number];
export type Reward = RouterOutputs['rewards']['dashboard']['rewards'][number];
export type MilestoneProgress = RouterOutputs['rewards']['dashboard']['milestoneProgress'][number];
