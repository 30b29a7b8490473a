import { useState } from 'react';
import { Building2, ChevronDown } from 'lucide-react';
import { NavLink, useLocation } from 'react-router';
import { PRODUCT_NAME, PRODUCT_VERSION } from '@shared/constants';
import { cn } from '../lib/cn';
import { LocationSelector } from './LocationSelector';
import { NAVIGATION, isActive, isGroup, type NavGroupItem, type NavLinkItem } from './navigation';

const linkClass = (active: boolean, nested = false) =>
  cn(
    'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    nested && 'pl-10 py-1.5',
    active ? 'bg-slate-800 text-white' : 'text-slate-300 hover:bg-slate-800/60 hover:text-white',
  );

function Link({ item, nested, onNavigate }: { item: NavLinkItem; nested?: boolean; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const active = isActive(item, pathname);
  const Icon = item.icon;
  return (
    <NavLink to={item.to} end={item.to === '/'} className={linkClass(active, nested)} aria-current={active ? 'page' : undefined} onClick={onNavigate}>
      {Icon && <Icon className="h-4 w-4 shrink-0" aria-hidden />}
      {item.label}
    </NavLink>
  );
}

function Group({ item, onNavigate }: { item: NavGroupItem; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const containsActive = item.children.some((child) => isActive(child, pathname));
  const [open, setOpen] = useState(containsActive);
  const expanded = open || containsActive;
  const Icon = item.icon;
  const id = `nav-group-${item.label.toLowerCase()}`;
  return (
    <div>
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={id}
        onClick={() => setOpen(!expanded)}
        className={cn(linkClass(false), 'w-full justify-between')}
      >
        <span className="flex items-center gap-3">
          <Icon className="h-4 w-4 shrink-0" aria-hidden />
          {item.label}
        </span>
        <ChevronDown className={cn('h-4 w-4 transition-transform', expanded && 'rotate-180')} aria-hidden />
      </button>
      {expanded && (
        <div id={id} className="mt-1 space-y-1">
          {item.children.map((child) => (
            <Link key={child.to} item={child} nested onNavigate={onNavigate} />
          ))}
        </div>
      )}
    </div>
  );
}

export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <div className="flex h-full w-64 flex-col bg-slate-900 text-slate-200">
      <div className="flex h-16 items-center gap-2.5 border-b border-slate-800 px-5">
        <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-brand-600 text-white">
          <Building2 className="h-4.5 w-4.5" aria-hidden />
        </span>
        <span className="font-semibold text-white">{PRODUCT_NAME}</span>
      </div>
      <div className="border-b border-slate-800 px-4 py-4">
        <LocationSelector />
      </div>
      <nav aria-label="Main" className="flex-1 space-y-1 overflow-y-auto px-3 py-4">
        {NAVIGATION.map((item) =>
          isGroup(item) ? <Group key={item.label} item={item} onNavigate={onNavigate} /> : <Link key={item.to} item={item} onNavigate={onNavigate} />,
        )}
      </nav>
      <footer className="border-t border-slate-800 px-5 py-3 text-xs text-slate-400">version {PRODUCT_VERSION}</footer>
    </div>
  );
}
