import { Briefcase, File, FileSignature, FileText, GraduationCap, HeartPulse, ShieldCheck, Sun, Wallet, type LucideIcon } from 'lucide-react';
import type { ResourceCategory, ResourceType } from '@shared/schemas/resources';
import { Badge, type BadgeTone } from '../../components/ui/Badge';

export const CATEGORY_ICON: Record<ResourceCategory, LucideIcon> = {
  'HR Policies & Guidelines': Briefcase,
  'Payroll Information': Wallet,
  'Benefits & Insurance': HeartPulse,
  'Time Off & Holidays': Sun,
  'Safety & Compliance': ShieldCheck,
  'Training & Development': GraduationCap,
};

const TYPE_TONE: Record<ResourceType, BadgeTone> = { PDF: 'red', Form: 'blue', Doc: 'purple' };
export const TYPE_ICON: Record<ResourceType, LucideIcon> = { PDF: FileText, Form: FileSignature, Doc: File };

/** The document's kind as the spec shows it: PDF, Form or Doc. */
export function TypeBadge({ type }: { type: ResourceType }) {
  return (
    <Badge tone={TYPE_TONE[type]} data-testid="resource-type">
      {type}
    </Badge>
  );
}
