import { Icon } from "#app/components/ui/icon.tsx";

// One path each (circles drawn as two arcs): these ride in the code every page loads. The
// menu panel's close icon is in header-panels.tsx, which loads on demand.
export const SearchIcon = () => <Icon d="M4 10.5a6.5 6.5 0 1 0 13 0a6.5 6.5 0 1 0-13 0m11.5 5 5 5" />;
export const MenuIcon = () => <Icon d="M4 6h16M4 12h16M4 18h16" />;
export const AccountIcon = () => <Icon d="M8 8a4 4 0 1 0 8 0a4 4 0 1 0-8 0M4 21c1-4.5 4-7 8-7s7 2.5 8 7" />;
