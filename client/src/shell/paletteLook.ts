/** How the palette looks, shared by the palette and the stand-in shown while its code arrives. */
export const PALETTE_PLACEHOLDER = 'Find anything: offices, deals, tasks, documents…';
export const PALETTE_OVERLAY = 'fixed inset-0 z-40 bg-slate-900/50';
export const PALETTE_CONTENT =
  'fixed top-[12vh] left-1/2 z-50 w-[calc(100vw-2rem)] max-w-xl -translate-x-1/2 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-2xl';
export const PALETTE_INPUT = 'h-12 w-full bg-transparent text-sm text-slate-900 outline-none placeholder:text-slate-500';
