// The contact details themselves come from the lender configuration (src/config/lender.ts).

export function mapsSearchUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}
