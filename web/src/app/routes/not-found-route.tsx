import { Compass } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';

/** An unknown path inside the app: the shell keeps the title Dashboard and says what happened. */
export function NotFoundRoute() {
  const { pathname } = useLocation();
  return (
    <Card>
      <EmptyState
        icon={Compass}
        title="Page not found"
        description={`There is no page at ${pathname}. It may have moved, or the link may be mistyped.`}
        action={
          <Button asChild>
            <Link to="/dashboard">Go to your dashboard</Link>
          </Button>
        }
      />
    </Card>
  );
}
