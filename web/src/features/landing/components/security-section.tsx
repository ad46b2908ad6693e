import {
  Fingerprint,
  KeyRound,
  Landmark,
  LockKeyhole,
  MonitorSmartphone,
  ScanFace,
  type LucideIcon,
} from 'lucide-react';
import { ComingSoon } from './coming-soon';
import { SectionHeading } from './section-heading';

/** `soon`: not built yet, and the page says so rather than claim it. */
const safeguards: { icon: LucideIcon; title: string; text: string; soon?: boolean }[] = [
  {
    icon: LockKeyhole,
    title: 'Protected sign-in',
    text: 'Passwords hashed with Argon2id; repeated failed sign-ins are slowed down, and a sign-in from a new browser alerts you at once.',
  },
  {
    icon: KeyRound,
    title: 'Two-factor authentication',
    text: 'Add codes from an authenticator app to every sign-in, with one-time recovery codes if you lose your phone.',
  },
  {
    icon: MonitorSmartphone,
    title: 'Sessions you control',
    text: 'See where you are signed in and sign out any device remotely.',
  },
  {
    icon: Fingerprint,
    title: 'Card details masked',
    text: 'Card numbers are stored encrypted and shown in full only after you enter your password again. CVVs are never stored.',
  },
  {
    icon: Landmark,
    title: 'Double-entry ledger',
    text: 'Every movement balances to the cent, and no wallet can go below zero.',
  },
  {
    icon: ScanFace,
    title: 'Identity verification',
    text: 'Verify in minutes to raise your monthly limit from $1,000 to $50,000, reviewed against real checks.',
  },
];

export function SecuritySection() {
  return (
    <section id="security" aria-labelledby="security-title" className="bg-sidebar text-sidebar-foreground">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-20 sm:px-6 lg:grid-cols-[1fr_1.4fr]">
        <SectionHeading
          id="security-title"
          eyebrow="Security"
          title="Security you can build a business on"
          description="Your income pays your rent. We protect it the way a bank should: in depth, by default, with nothing left to chance."
          inverted
        />
        <ul className="grid gap-4 sm:grid-cols-2">
          {safeguards.map(({ icon: Icon, title, text, soon }) => (
            <li
              key={title}
              className="flex gap-4 rounded-2xl border border-sidebar-border bg-sidebar-accent/60 p-5"
            >
              <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-[#6ee7b7]" />
              <div className="grid gap-1">
                <h3 className="flex flex-wrap items-center gap-2 font-semibold text-sidebar-accent-foreground">
                  {title}
                  {soon && <ComingSoon className="border-sidebar-border text-sidebar-accent-foreground" />}
                </h3>
                <p className="text-sm text-sidebar-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
