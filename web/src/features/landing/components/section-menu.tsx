import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Menu, X } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { anchors } from './landing-sections';

/**
 * The section links on a phone, where the header has no room for them as a row: a disclosure button that opens
 * them as a list. Opening moves focus to the first link; Esc (or choosing a link) closes it and focus goes back
 * to the button. Plain state and markup, no dialog library: this ships with the prerendered landing page,
 * whose first render is closed so the hydrated page matches the HTML.
 */
export function SectionMenu() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (open) list.current?.querySelector('a')?.focus();
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      close(true);
    }
  };

  return (
    <div
      className="md:hidden"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        // Tabbing out of the menu closes it, leaving focus where the visitor moved it.
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) close(false);
      }}
    >
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        aria-expanded={open}
        aria-controls="landing-section-menu"
        aria-label="Sections"
        onClick={() => setOpen((current) => !current)}
      >
        {open ? <X aria-hidden /> : <Menu aria-hidden />}
      </Button>
      <ul
        ref={list}
        id="landing-section-menu"
        hidden={!open}
        className="absolute inset-x-0 top-16 border-b bg-background px-4 py-2 shadow-sm"
      >
        {anchors.map((anchor) => (
          <li key={anchor.href}>
            <a
              href={anchor.href}
              onClick={() => close(false)}
              className="block rounded-md px-3 py-3 text-base font-medium outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
            >
              {anchor.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
