import { Link } from 'react-router';
import { Card } from '../../components/ui/Card';

export default function NotFoundScreen() {
  return (
    <div className="flex justify-center py-16">
      <Card className="max-w-md p-8 text-center">
        <h1 className="text-xl font-semibold text-slate-900">Page not found</h1>
        <p className="mt-2 text-slate-600">There is no page at this address.</p>
        <Link to="/" className="mt-4 inline-block text-sm font-medium text-brand-600 hover:text-brand-700">
          Back to the dashboard
        </Link>
      </Card>
    </div>
  );
}
