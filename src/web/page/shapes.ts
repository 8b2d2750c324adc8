/// <reference lib="dom" />
/**
 * A board drawing's shapes as SVG elements. Paint goes on as presentation attributes, which
 * the page's stylesheet overrides where it restyles a state (the last move, a well to
 * restore, a crashed board): the game's colours, the page's states.
 */
import type { Paint, Shape } from '../../rulesets/board-drawing.ts';
import { s } from './dom.ts';

export function paintAttrs(p: Paint | undefined): Record<string, string | number | undefined> {
  if (!p) return {};
  return {
    fill: p.fill,
    stroke: p.stroke,
    'stroke-width': p.strokeWidth,
    'stroke-dasharray': p.strokeDasharray,
    opacity: p.opacity,
  };
}

/** One shape, moved by (dx, dy): a cell's marks are given relative to its centre. */
export function shapeElement(shape: Shape, dx = 0, dy = 0): SVGElement {
  const common = { class: shape.class, ...paintAttrs(shape.paint) };
  switch (shape.kind) {
    case 'rect':
      return s('rect', { x: shape.x + dx, y: shape.y + dy, width: shape.width, height: shape.height, rx: shape.rx, ...common });
    case 'line':
      return s('line', { x1: shape.x1 + dx, x2: shape.x2 + dx, y1: shape.y1 + dy, y2: shape.y2 + dy, ...common });
    case 'circle':
      return s('circle', { cx: shape.cx + dx, cy: shape.cy + dy, r: shape.r, ...common });
    case 'path':
      return s('path', { d: `M ${shape.from.x + dx} ${shape.from.y + dy} ${shape.d}`, ...common });
    case 'text':
      return s('text', { x: shape.x + dx, y: shape.y + dy, ...common }, shape.text);
  }
}
