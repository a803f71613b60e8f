// Small stroke icons (inline SVG: no icon font, no emoji, same on every platform).
const PATHS = {
  undo: ['M9 14 4 9l5-5', 'M4 9h10.5a5.5 5.5 0 0 1 0 11H11'],
  hint: ['M9 18h6', 'M10 22h4', 'M12 2a7 7 0 0 0-4 12.7V17h8v-2.3A7 7 0 0 0 12 2z'],
  draw: ['M5 4h8a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z', 'M17 12h5', 'M19.5 9.5 22 12l-2.5 2.5'],
  recycle: ['M20 12a8 8 0 1 1-2.6-5.9L20 8.5', 'M20 3.5v5h-5'],
  new: ['M12 5v14', 'M5 12h14'],
  rules: ['M4 19.5A2.5 2.5 0 0 1 6.5 17H20V3H6.5A2.5 2.5 0 0 0 4 5.5z', 'M4 19.5A2.5 2.5 0 0 0 6.5 22H20v-5'],
  collect: ['M12 3v12', 'M7 10l5 5 5-5', 'M5 21h14'],
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name }: { name: IconName }) {
  return (
    <svg class="ico" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">
      {PATHS[name].map((d) => <path d={d} key={d} />)}
    </svg>
  );
}
