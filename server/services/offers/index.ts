export {
  OFFER_EXPIRED,
  OFFER_EXPIRY_WARNING_DAYS,
  assertOfferOpen,
  expiringOfferWindow,
  offerMadeAt,
  offerValidUntil,
} from './expiry';
export { priceLoan, type LoanTerms } from './loan-terms';
export {
  APPLICATION_NOT_FOUND,
  findOfferSignature,
  getOfferMenu,
  getOfferSignature,
  loadOwnOffer,
  menuOptionsFor,
  priceOffer,
  requestConsolidation,
} from './menu';
export { disclosureOf, payoffOf, priceChoice, priceTerms, renewalOf } from './pricing';
export { offerBasisFor, readStoredAnalysis } from './stored';
export { toAnalysisSummary, toOfferDto } from './terms';
