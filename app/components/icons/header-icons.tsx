import { Icon } from "~/components/ui/icon";

export const SearchIcon = () => (
  <Icon stroke={2.5}>
    <circle cx="10.5" cy="10.5" r="6.5" />
    <path d="m15.5 15.5 5 5" />
  </Icon>
);

export const MenuIcon = () => (
  <Icon stroke={2.5}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Icon>
);

export const CloseIcon = () => (
  <Icon stroke={2.5}>
    <path d="m5 5 14 14M19 5 5 19" />
  </Icon>
);

export const AccountIcon = () => (
  <Icon stroke={2.3}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c1-4.5 4-7 8-7s7 2.5 8 7" />
  </Icon>
);
