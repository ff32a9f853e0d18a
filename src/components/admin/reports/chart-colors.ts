/**
 * The reports' chart colours, checked against the white card they sit on (WCAG 2.2:
 * graphics ≥ 3:1, text ≥ 4.5:1). Hex in the SVG, since fill attributes do not read
 * Tailwind classes.
 */
export const chartColors = {
  /** brand-700: 8.6:1 on white. */
  bar: '#1c3fc4',
  /** slate-700: 10.3:1 on white, for axis labels and values. */
  text: '#334155',
  /** slate-300: gridlines and the 100% track, decoration only (the values are in the text and the table). */
  grid: '#cbd5e1',
  track: '#f1f5f9',
} as const;
