import type { ReactNode } from 'react';
import type { LandingIcon } from '@site/src/data/landing';

// Stroke icons drawn inline (24×24 grid, Feather-style): no image requests, no layout shift, and
// they follow currentColor in both themes. One set for the whole site: add a name here to use it.
const MAIL = ['M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z', 'M22 6l-10 7L2 6'];

const PATHS = {
  bank: ['M3 21h18', 'M3 10h18', 'M12 3l9 5H3z', 'M5 10v8', 'M9.5 10v8', 'M14.5 10v8', 'M19 10v8'],
  sync: ['M23 4v6h-6', 'M1 20v-6h6', 'M3.51 9a9 9 0 0 1 14.85-3.36L23 10', 'M1 14l4.64 4.36A9 9 0 0 0 20.49 15'],
  lock: ['M5 11h14a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-7a2 2 0 0 1 2-2z', 'M7 11V7a5 5 0 0 1 10 0v4'],
  palette: ['M12 2.69l5.66 5.66a8 8 0 1 1-11.31 0z'],
  bolt: ['M13 2L3 14h9l-1 8 10-12h-9l1-8z'],
  shield: ['M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z', 'M9 12l2 2 4-4'],
  code: ['M16 18l6-6-6-6', 'M8 6l-6 6 6 6'],
  globe: ['M12 2a10 10 0 1 0 0 20a10 10 0 1 0 0-20z', 'M2 12h20', 'M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10z'],
  chart: ['M18 20V10', 'M12 20V4', 'M6 20v-6'],
  support: ['M3 18v-6a9 9 0 0 1 18 0v6', 'M21 19a2 2 0 0 1-2 2h-1a2 2 0 0 1-2-2v-3a2 2 0 0 1 2-2h3z', 'M3 19a2 2 0 0 0 2 2h1a2 2 0 0 0 2-2v-3a2 2 0 0 0-2-2H3z'],
  piggy: ['M23 18l-9.5-9.5-5 5L1 6', 'M17 18h6v-6'],
  percent: ['M19 5L5 19', 'M6.5 4a2.5 2.5 0 1 0 0 5a2.5 2.5 0 1 0 0-5z', 'M17.5 15a2.5 2.5 0 1 0 0 5a2.5 2.5 0 1 0 0-5z'],
  mail: MAIL,
  /** Same drawing as `mail`, under the support channel's id. */
  email: MAIL,
  phone: ['M22 16.92v3a2 2 0 0 1-2.18 2 19.79 19.79 0 0 1-8.63-3.07 19.5 19.5 0 0 1-6-6 19.79 19.79 0 0 1-3.07-8.67A2 2 0 0 1 4.11 2h3a2 2 0 0 1 2 1.72c.13.96.36 1.9.7 2.81a2 2 0 0 1-.45 2.11L8.09 9.91a16 16 0 0 0 6 6l1.27-1.27a2 2 0 0 1 2.11-.45c.91.34 1.85.57 2.81.7A2 2 0 0 1 22 16.92z'],
  pin: ['M21 10c0 7-9 13-9 13s-9-6-9-13a9 9 0 0 1 18 0z', 'M12 7a3 3 0 1 0 0 6a3 3 0 1 0 0-6z'],
  clock: ['M12 2a10 10 0 1 0 0 20a10 10 0 1 0 0-20z', 'M12 6v6l4 2'],
  check: ['M20 6L9 17l-5-5'],
  arrow: ['M5 12h14', 'M12 5l7 7-7 7'],
  checkCircle: ['M22 11.1V12a10 10 0 1 1-5.9-9.1', 'M22 4L12 14l-3-3'],
  chat: ['M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z'],
  chevron: ['M6 9l6 6 6-6'],
  external: ['M15 3h6v6', 'M10 14L21 3', 'M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6'],
} satisfies Record<LandingIcon, readonly string[]> & Record<string, readonly string[]>;

export type IconName = keyof typeof PATHS;

/** Decorative: the text beside it carries the meaning, so it is hidden from assistive tech. */
export default function Icon({ name, size = 24, className }: { name: IconName; size?: number; className?: string }): ReactNode {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
