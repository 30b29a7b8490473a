import type { ComponentType, ReactNode } from 'react';
import { Card } from '../../components/ui/Card';

/** A settings panel that is not there yet, or not for this user, says so plainly. */
export function SettingsNotice({ icon: Icon, title, children }: { icon: ComponentType<{ className?: string }>; title: string; children: ReactNode }) {
  return (
    <Card className="flex flex-col items-center px-6 py-12 text-center">
      <span className="flex h-11 w-11 items-center justify-center rounded-full bg-brand-50 text-brand-600" aria-hidden>
        <Icon className="h-5 w-5" />
      </span>
      <h2 className="mt-3 text-base font-semibold text-slate-900">{title}</h2>
      <p className="mt-1.5 max-w-md text-sm text-slate-600">{children}</p>
    </Card>
  );
}
