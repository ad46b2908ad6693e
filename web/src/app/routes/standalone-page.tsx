import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Brand } from '@web/components/brand';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';

/** A page outside the app's shell (reached from an email or the sign-in dialog): the brand and one card. */
export function StandalonePage({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col items-center bg-background px-4 py-10">
      <Link to="/" aria-label="Meridian home" className="mb-10">
        <Brand />
      </Link>
      <main className="w-full max-w-md">
        <Card>
          <CardHeader>
            <h1 className="text-lg leading-tight font-semibold">{title}</h1>
            <CardDescription>{description}</CardDescription>
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
      </main>
    </div>
  );
}
