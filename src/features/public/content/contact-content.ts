// Contact page details (public spec §2). The address, phone and email are fictional.

export const CONTACT_DETAILS = {
  address: '1200 Summit Plaza, Suite 400, Dallas, TX 75201',
  addressLines: ['1200 Summit Plaza, Suite 400', 'Dallas, TX 75201'],
  phone: '(800) 555-0142',
  phoneHref: 'tel:+18005550142',
  email: 'support@summitfunding.example',
  hours: 'Monday-Friday 8:00 AM - 7:00 PM EST',
} as const;

export function mapsSearchUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}
