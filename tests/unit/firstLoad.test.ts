import { describe, expect, it } from 'vitest';
import { staticReach } from '../support/staticImports';

// A cold /offices loads the entry, the shell and the Office Management screen with everything they
// import statically (the bundler's chunks follow those imports); over a slow link each kilobyte
// delays the first office card.
const OFFICES_FIRST_LOAD = ['client/src/main.tsx', 'client/src/shell/Shell.tsx', 'client/src/screens/offices/OfficesPage.tsx'];
// The shell shows once the entry and the shell have arrived (the screen's files come after them):
// what they import alone decides how soon.
const SHELL_FIRST_LOAD = ['client/src/main.tsx', 'client/src/shell/Shell.tsx'];

describe("/offices' first load", () => {
  const reach = staticReach(OFFICES_FIRST_LOAD);

  it('given the office grid, then its code is in the first load', () => {
    expect(reach.files).toContain('client/src/screens/offices/OfficeViews.tsx');
  });

  it('given the floor plan view, then none of its code, nor the drag-and-drop and date libraries it brings, is in the first load', () => {
    expect([...reach.files].filter((file) => file.startsWith('client/src/screens/offices/floor/'))).toEqual([]);
    expect(reach.packages).not.toContain('@dnd-kit/core');
    expect(reach.packages).not.toContain('date-fns');
  });

  it('given the saved-views menu and the import dialog, then their code (and the Radix menu library) loads when first opened', () => {
    expect(reach.files).toContain('client/src/screens/views/SavedViewsMenu.tsx');
    expect(reach.files).not.toContain('client/src/screens/views/SavedViewsDropdown.tsx');
    expect(reach.files).not.toContain('client/src/screens/imports/ImportDialog.tsx');
    expect(reach.packages).not.toContain('@radix-ui/react-dropdown-menu');
  });

});

describe("The shell's first load", () => {
  const reach = staticReach(SHELL_FIRST_LOAD);

  it('given the keyboard shortcuts, then the key listener is in the first load and the `?` list is not', () => {
    expect(reach.files).toContain('client/src/shell/shortcuts/useShortcuts.ts');
    expect(reach.files).not.toContain('client/src/shell/shortcuts/ShortcutsDialog.tsx');
    expect(reach.files).not.toContain('client/src/components/ui/Dialog.tsx');
  });

  it("given the small screens' navigation drawer, then it, with the Radix dialog library, loads when first opened", () => {
    expect(reach.files).toContain('client/src/shell/Sidebar.tsx');
    expect(reach.files).not.toContain('client/src/shell/NavigationDrawer.tsx');
    expect(reach.packages).not.toContain('@radix-ui/react-dialog');
  });

  it("given meeting mode, then the socket's meeting listeners and state are in the first load, its bars and dialogs are not", () => {
    expect(reach.files).toContain('client/src/live/meetings.ts');
    expect(reach.files).toContain('client/src/live/meetingState.ts');
    expect([...reach.files].filter((file) => file.startsWith('client/src/screens/deals/'))).toEqual([]);
  });
});
