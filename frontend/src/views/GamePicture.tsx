// A game's picture for the home page: its opening layout in miniature (the module's sketch),
// drawn as a small SVG of card faces on the table's green.

/** A game's opening layout in miniature: card corners in a box of `width` × `height`, each
 *  card 10 × 14; `red` marks a red card. */
export interface Sketch {
  width: number;
  height: number;
  cards: { x: number; y: number; red: boolean }[];
}

export function GamePicture({ sketch }: { sketch: Sketch }) {
  const pad = 4;
  return (
    <svg
      class="gamepic"
      viewBox={`${-pad} ${-pad} ${sketch.width + 2 * pad} ${sketch.height + 2 * pad}`}
      aria-hidden="true"
      focusable="false"
    >
      {sketch.cards.map((c, i) => (
        <g key={i}>
          <rect
            x={c.x}
            y={c.y}
            width={10}
            height={14}
            rx={1.5}
            fill="#fdfcf7"
            stroke="#0c3b25"
            stroke-width={0.6}
          />
          <rect
            x={c.x + 2}
            y={c.y + 2}
            width={2.5}
            height={3.5}
            rx={0.6}
            fill={c.red ? '#d0263d' : '#1c2620'}
          />
        </g>
      ))}
    </svg>
  );
}
