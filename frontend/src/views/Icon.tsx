// Small stroke icons (inline SVG: no icon font, no emoji, same on every platform).
const PATHS = {
  undo: ['M9 14 4 9l5-5', 'M4 9h10.5a5.5 5.5 0 0 1 0 11H11'],
  hint: ['M9 18h6', 'M10 22h4', 'M12 2a7 7 0 0 0-4 12.7V17h8v-2.3A7 7 0 0 0 12 2z'],
  draw: [
    'M5 4h8a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z',
    'M17 12h5',
    'M19.5 9.5 22 12l-2.5 2.5',
  ],
  recycle: ['M20 12a8 8 0 1 1-2.6-5.9L20 8.5', 'M20 3.5v5h-5'],
  new: ['M12 5v14', 'M5 12h14'],
  rules: ['M4 19.5A2.5 2.5 0 0 1 6.5 17H20V3H6.5A2.5 2.5 0 0 0 4 5.5z', 'M4 19.5A2.5 2.5 0 0 0 6.5 22H20v-5'],
  collect: ['M12 3v12', 'M7 10l5 5 5-5', 'M5 21h14'],
  play: ['M7 4v16l13-8z'],
  pause: ['M8 5v14', 'M16 5v14'],
  back: ['M15 18l-6-6 6-6'],
  forward: ['M9 18l6-6-6-6'],
  first: ['M17 18l-6-6 6-6', 'M7 6v12'],
  last: ['M7 18l6-6-6-6', 'M17 6v12'],
  solver: [
    'M7 7h10v10H7z',
    'M10 3v4',
    'M14 3v4',
    'M10 17v4',
    'M14 17v4',
    'M3 10h4',
    'M3 14h4',
    'M17 10h4',
    'M17 14h4',
  ],
  link: [
    'M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7',
    'M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7',
  ],
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name }: { name: IconName }) {
  return (
    <svg
      class="ico"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      stroke-width="2"
      stroke-linecap="round"
      stroke-linejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[name].map((d) => (
        <path d={d} key={d} />
      ))}
    </svg>
  );
}
