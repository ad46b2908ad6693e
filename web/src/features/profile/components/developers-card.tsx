import { BookOpen, Braces } from 'lucide-react';
import { API_DOCS_PATH, OPENAPI_PATH } from '@contract/openapi';
import { Button } from '@web/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';

/**
 * Where a customer's own code learns the API. Plain links, not the app's router: the reference is a page the
 * server renders from the OpenAPI document, outside the app.
 */
export function DevelopersCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Developers</CardTitle>
        <CardDescription>
          Every route of the Meridian API, with its requests, answers and errors, generated from the same
          definitions the server checks requests against.
        </CardDescription>
      </CardHeader>
      <div className="flex flex-wrap gap-2">
        <Button asChild size="sm" variant="outline">
          <a href={API_DOCS_PATH}>
            <BookOpen aria-hidden />
            Developers: API reference
          </a>
        </Button>
        <Button asChild size="sm" variant="ghost">
          <a href={OPENAPI_PATH}>
            <Braces aria-hidden />
            OpenAPI document
          </a>
        </Button>
      </div>
    </Card>
  );
}
