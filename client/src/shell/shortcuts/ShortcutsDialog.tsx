import { Dialog } from '../../components/ui/Dialog';
import { SHORTCUT_LIST } from './shortcutKeys';

/** The `?` dialog: every keyboard shortcut, in groups. */
export function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Keyboard shortcuts" description="Shortcuts work anywhere except while you type in a field.">
      <div className="space-y-5">
        {SHORTCUT_LIST.map((section) => (
          <section key={section.group} aria-label={section.group}>
            <h3 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">{section.group}</h3>
            <dl className="space-y-1.5">
              {section.items.map((item) => (
                <div key={item.label} className="flex items-center justify-between gap-4 text-sm">
                  <dt className="text-slate-700">{item.label}</dt>
                  <dd className="flex shrink-0 items-center gap-1">
                    {item.keys.map((key, i) => (
                      <kbd key={i} className="min-w-6 rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 text-center text-xs font-medium text-slate-700 shadow-sm">
                        {key}
                      </kbd>
                    ))}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
