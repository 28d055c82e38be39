import type { ReactNode } from "react";
import { Icon } from "#app/components/ui/icon.tsx";
import type { SocialLink } from "#app/lib/content-types.ts";

/** The footer's social networks' marks, by the network's key in the footer content. */
export const SOCIAL_ICONS: Record<SocialLink["network"], ReactNode> = {
  instagram: (
    <Icon>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r=".6" fill="currentColor" />
    </Icon>
  ),
  facebook: (
    <Icon filled>
      <path d="M13.5 22v-8h2.8l.4-3.3h-3.2V8.6c0-.9.3-1.6 1.6-1.6h1.7V4.1A22 22 0 0 0 14.3 4c-2.5 0-4.1 1.5-4.1 4.2v2.5H7.4V14h2.8v8z" />
    </Icon>
  ),
  x: (
    <Icon filled>
      <path d="M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.3L5.3 21H2.2l7.2-8.3L1.8 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.4 4.7H5.6z" />
    </Icon>
  ),
  youtube: (
    <Icon filled>
      <path
        fillRule="evenodd"
        d="M2.5 7.2c.2-1.6 1.4-2.7 3-2.8C7.6 4.2 9.8 4 12 4s4.4.2 6.5.4c1.6.1 2.8 1.2 3 2.8.3 1.6.5 3.2.5 4.8s-.2 3.2-.5 4.8c-.2 1.6-1.4 2.7-3 2.8-2.1.2-4.3.4-6.5.4s-4.4-.2-6.5-.4c-1.6-.1-2.8-1.2-3-2.8C2.2 15.2 2 13.6 2 12s.2-3.2.5-4.8zM10 8.5v7l6-3.5z"
      />
    </Icon>
  ),
  tiktok: (
    <Icon filled>
      <path d="M16.6 2h-3.4v13.2a2.9 2.9 0 1 1-2.9-2.9c.3 0 .6 0 .9.1V9a6.3 6.3 0 1 0 5.4 6.2V8.6a8 8 0 0 0 4.6 1.5V6.7a4.7 4.7 0 0 1-4.6-4.7z" />
    </Icon>
  ),
};

export const AppStoreIcon = () => (
  <Icon filled>
    <path d="M16.4 12.6c0-2.6 2.1-3.8 2.2-3.9a4.8 4.8 0 0 0-3.8-2c-1.6-.2-3.1.9-3.9.9-.8 0-2-.9-3.4-.9a5 5 0 0 0-4.2 2.6c-1.8 3.1-.5 7.7 1.3 10.2.9 1.2 1.9 2.6 3.2 2.6 1.3-.1 1.8-.8 3.3-.8s2 .8 3.4.8 2.2-1.3 3.1-2.5a10 10 0 0 0 1.4-2.9 4.4 4.4 0 0 1-2.6-4.1zM13.9 5a4.4 4.4 0 0 0 1-3.2 4.6 4.6 0 0 0-3 1.5 4.2 4.2 0 0 0-1 3.1c1.2.1 2.3-.6 3-1.4z" />
  </Icon>
);

export const PlayStoreIcon = () => (
  <Icon filled>
    <path d="M4 2.8v18.4c0 .3.2.5.4.6L14 12.2zm11.1 10.5L5.6 22.7l11.8-6.8zm3.4-3.4 2.9 1.7c.8.5.8 1.2 0 1.7l-2.9 1.7-2.6-2.5zM5.6 1.3l9.5 9.4 2.3-2.3z" />
  </Icon>
);
