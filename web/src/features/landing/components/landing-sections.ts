/** The landing page's sections, linked from the header (as a row on wide screens, a menu on a phone). */
export const anchors = [
  { href: '#solutions', label: 'Solutions' },
  { href: '#pricing', label: 'Pricing' },
  { href: '#security', label: 'Security' },
];
