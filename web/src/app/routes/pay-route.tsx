import { Link, useParams } from 'react-router';
import { Brand } from '@web/components/brand';
import { PayPage } from '@web/features/pay/components/pay-page';
import { useDocumentTitle } from '../use-document-title';

/** `/pay/{token}`: the public page a client opens from an invoice email, signed in or not. */
export function PayRoute() {
  useDocumentTitle('Pay invoice');
  const { token = '' } = useParams();
  return (
    <div className="flex min-h-dvh flex-col items-center bg-background px-4 py-10">
      <Link to="/" aria-label="Meridian home" className="mb-10">
        <Brand />
      </Link>
      <main className="w-full max-w-2xl">
        <PayPage token={token} />
      </main>
    </div>
  );
}
