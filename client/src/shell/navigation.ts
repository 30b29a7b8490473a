import {
  BarChart3,
  BookOpen,
  Briefcase,
  Building,
  CalendarClock,
  ClipboardList,
  LayoutDashboard,
  Megaphone,
  Users,
  type LucideIcon,
} from 'lucide-react';

export interface NavLinkItem {
  label: string;
  to: string;
  icon?: LucideIcon;
  /** Other paths that count as this entry, exactly (/crm for Deals, not /crm/contacts). */
  also?: string[];
}

export interface NavGroupItem {
  label: string;
  icon: LucideIcon;
  children: NavLinkItem[];
}

export type NavItem = NavLinkItem | NavGroupItem;

/** The sidebar, in the spec's order. */
export const NAVIGATION: NavItem[] = [
  { label: 'Dashboard', to: '/', icon: LayoutDashboard },
  {
    label: 'CRM',
    icon: Briefcase,
    children: [
      { label: 'Contacts', to: '/crm/contacts' },
      { label: 'Companies', to: '/crm/companies' },
      { label: 'Deals', to: '/crm/deals', also: ['/crm'] },
    ],
  },
  { label: 'Office Management', to: '/offices', icon: Building },
  { label: 'Member Directory', to: '/members', icon: Users },
  { label: 'Task Management', to: '/tasks', icon: ClipboardList },
  { label: 'Bookings', to: '/bookings', icon: CalendarClock },
  {
    label: 'Reporting',
    icon: BarChart3,
    children: [
      { label: 'Occupancy Reports', to: '/reporting' },
      { label: 'Term Rate Analysis', to: '/term-analysis' },
    ],
  },
  { label: 'Marketing Templates', to: '/templates', icon: Megaphone },
  { label: 'Employee Resources', to: '/resources', icon: BookOpen },
];

export const isGroup = (item: NavItem): item is NavGroupItem => 'children' in item;

/** True when `pathname` is this entry's page or one of its sub-pages. */
export function isActive(item: NavLinkItem, pathname: string): boolean {
  if (item.also?.includes(pathname)) return true;
  return item.to === '/' ? pathname === '/' : pathname === item.to || pathname.startsWith(`${item.to}/`);
}
