import { Hammer } from 'lucide-react';
import { Card } from '../../components/ui/Card';
import { PageHeader } from '../../components/PageHeader';

/** A screen that is not built yet says so plainly, rather than showing made-up data. */
export default function ComingSoonScreen({ title, description }: { title: string; description: string }) {
  return (
    <div className="space-y-6">
      <PageHeader title={title} />
      <Card className="flex flex-col items-center px-6 py-16 text-center">
        <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <Hammer className="h-6 w-6" aria-hidden />
        </span>
        <h2 className="mt-4 text-lg font-semibold text-slate-900">Coming soon</h2>
        <p className="mt-2 max-w-md text-sm text-slate-600">{description}</p>
      </Card>
    </div>
  );
}
