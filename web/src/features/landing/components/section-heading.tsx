import { cn } from '@web/lib/utils';

interface SectionHeadingProps {
  id: string;
  eyebrow: string;
  title: string;
  description: string;
  className?: string;
  /** For headings on the navy band: the eyebrow and description use its palette. */
  inverted?: boolean;
}

export function SectionHeading({
  id,
  eyebrow,
  title,
  description,
  className,
  inverted,
}: SectionHeadingProps) {
  return (
    <div className={cn('flex max-w-2xl flex-col gap-3', className)}>
      <p
        className={cn(
          'text-sm font-semibold tracking-wide uppercase',
          inverted ? 'text-[#6ee7b7]' : 'text-success',
        )}
      >
        {eyebrow}
      </p>
      <h2 id={id} className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      <p
        className={cn(
          'text-lg text-pretty',
          inverted ? 'text-sidebar-muted-foreground' : 'text-muted-foreground',
        )}
      >
        {description}
      </p>
    </div>
  );
}
