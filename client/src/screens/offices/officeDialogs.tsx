import { lazyScreen } from '../../lib/lazyScreen';

// The screen's dialogs load when first opened: their forms bring the form and schema libraries,
// which the grid does not need, and on a slow link the grid's data waits for all the code the
// screen imports. A dialog whose code fails to load fails like a screen (lazyScreen: Retry).
export const AddOfficeDialog = lazyScreen(() => import('./AddOfficeDialog').then((m) => ({ default: m.AddOfficeDialog })));
export const AssignCompanyDialog = lazyScreen(() => import('./AssignCompanyDialog').then((m) => ({ default: m.AssignCompanyDialog })));
export const ContactsDialog = lazyScreen(() => import('./ContactsDialog').then((m) => ({ default: m.ContactsDialog })));
export const EditRatesDialog = lazyScreen(() => import('./EditRatesDialog').then((m) => ({ default: m.EditRatesDialog })));
export const EditStatusDialog = lazyScreen(() => import('./EditStatusDialog').then((m) => ({ default: m.EditStatusDialog })));
