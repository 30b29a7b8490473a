import { describe, expect, it } from 'vitest';
import { staticReach } from '../support/staticImports';

// A cold /offices loads the entry, the shell and the Office Management screen with everything they
// import statically (the bundler's chunks follow those imports); over a slow link each kilobyte
// delays the first office card.
const OFFICES_FIRST_LOAD = ['client/src/main.tsx', 'client/src/shell/Shell.tsx', 'client/src/screens/offices/OfficesPage.tsx'];

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
