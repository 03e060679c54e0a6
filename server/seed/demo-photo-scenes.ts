import { seededRandom } from './demo-random.ts';

/**
 * Stylised bathroom photos for the demo listings, drawn as SVG (sharp renders them; nothing is
 * downloaded). One palette is one bathroom's look; each view is one photo of it, so the photos of
 * a listing belong together. Drawn at 1600 × 1200, the 2x size of a listing photo (ADR 067).
 */

export const SCENE_WIDTH = 1600;
export const SCENE_HEIGHT = 1200;
const FLOOR_Y = 960;

export type TileStyle = 'square' | 'subway' | 'stack' | 'hex';
export type FloorStyle = 'checker' | 'hex' | 'planks' | 'terrazzo';
export type MirrorShape = 'round' | 'rect' | 'arch' | 'pill';
export const SCENE_VIEWS = ['vanity', 'detail', 'toilet', 'door'] as const;
export type SceneView = (typeof SCENE_VIEWS)[number];

export type ScenePalette = {
  id: string;
  wall: string;
  tile: string;
  tileAlt: string;
  grout: string;
  tileStyle: TileStyle;
  floor: FloorStyle;
  floorA: string;
  floorB: string;
  wood: string;
  counter: string;
  metal: string;
  towel: string;
  accent: string;
  pot: string;
  mirror: MirrorShape;
};

/** Lightens (amount > 0) or darkens (amount < 0) a #rrggbb colour. */
export function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (value >> shift) & 0xff;
    const mixed = amount >= 0 ? c + (255 - c) * amount : c * (1 + amount);
    return Math.round(Math.min(255, Math.max(0, mixed)))
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

type Box = { x: number; y: number; width: number; height: number };

// Tiles are laid out as shapes rather than SVG patterns: librsvg renders patterns several times
// slower, and the seed draws dozens of these.

/** Shapes clipped to a box (a nested <svg> clips what overflows) over grout. */
function field(box: Box, grout: string, shapes: string): string {
  return `<svg x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}"><rect width="${box.width}" height="${box.height}" fill="${grout}"/>${shapes}</svg>`;
}

/** Rows of rectangular tiles; every other row shifted by `shift` of a tile (subway, planks). */
function brickCells(
  box: Box,
  w: number,
  h: number,
  shift: number,
  colours: string[],
  gap: number,
  sheen: boolean,
) {
  const shapes: string[] = [];
  for (let row = 0; row * h < box.height; row++) {
    const offset = row % 2 ? -w * shift : 0;
    for (let col = -1; offset + col * w < box.width; col++) {
      const x = offset + col * w;
      const fill = colours[(row + col + 2) % colours.length];
      shapes.push(
        `<rect x="${x + gap}" y="${row * h + gap}" width="${w - 2 * gap}" height="${h - 2 * gap}" rx="${Math.min(4, gap + 1)}" fill="${fill}"/>`,
      );
      if (sheen) {
        shapes.push(
          `<rect x="${x + 2 * gap}" y="${row * h + 2 * gap}" width="${w - 4 * gap}" height="5" rx="2" fill="#ffffff" fill-opacity="0.2"/>`,
        );
      }
    }
  }
  return shapes.join('');
}

/** Pointy-top hexagons of radius r; `squash` < 1 flattens them for a floor seen at an angle. */
function hexCells(box: Box, r: number, gap: number, colours: string[], squash = 1) {
  const w = Math.sqrt(3) * r;
  const rowHeight = 1.5 * r * squash;
  const shapes: string[] = [];
  for (let row = 0; (row - 1) * rowHeight < box.height; row++) {
    for (let col = -1; col * w < box.width + w; col++) {
      const cx = col * w + (row % 2 ? w / 2 : 0);
      const cy = row * rowHeight;
      const points: string[] = [];
      for (let k = 0; k < 6; k++) {
        const angle = ((60 * k - 90) * Math.PI) / 180;
        points.push(
          `${(cx + (r - gap) * Math.cos(angle)).toFixed(1)},${(cy + (r - gap) * squash * Math.sin(angle)).toFixed(1)}`,
        );
      }
      shapes.push(
        `<polygon points="${points.join(' ')}" fill="${colours[(row + col + 2) % colours.length]}"/>`,
      );
    }
  }
  return shapes.join('');
}

/** The wall tiles over a box; two tones alternate so the wall does not look flat. */
function wallTiles(p: ScenePalette, box: Box, scale: number): string {
  const colours = [p.tile, p.tileAlt];
  const cells = {
    square: () => brickCells(box, 110 * scale, 110 * scale, 0, colours, 3, true),
    subway: () => brickCells(box, 160 * scale, 70 * scale, 0.5, colours, 3, true),
    stack: () => brickCells(box, 70 * scale, 200 * scale, 0, colours, 3, true),
    hex: () => hexCells(box, 58 * scale, 3, colours),
  }[p.tileStyle];
  return field(box, p.grout, cells());
}

/** The floor, squashed vertically: it recedes, so its tiles look shorter than the wall's. */
function floorTiles(p: ScenePalette, box: Box): string {
  const { floorA: a, floorB: b } = p;
  switch (p.floor) {
    case 'checker':
      return field(box, a, brickCells(box, 90, 38, 0, [a, b], 0, false));
    case 'hex':
      return field(box, b, hexCells(box, 34, 2, [a, shade(a, -0.06)], 0.42));
    case 'planks':
      return field(box, shade(a, -0.25), brickCells(box, 300, 26, 0.5, [a, b], 1.5, false));
    case 'terrazzo': {
      const random = seededRandom(`terrazzo:${p.id}`);
      const colours = [b, p.accent, shade(a, -0.2), p.tile];
      const chips = Array.from({ length: 220 }, () => {
        const rx = random.int(3, 10);
        return `<ellipse cx="${random.int(0, box.width)}" cy="${random.int(0, box.height)}" rx="${rx}" ry="${Math.max(2, (rx - random.int(1, 4)) * 0.5)}" fill="${random.pick(colours)}"/>`;
      }).join('');
      return field(box, a, chips);
    }
  }
}

function defs(p: ScenePalette): string {
  return `<defs>
<linearGradient id="glass" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="#e8f0f3"/><stop offset="1" stop-color="${shade(p.wall, -0.18)}"/></linearGradient>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9fd0f0"/><stop offset="1" stop-color="#eaf6fc"/></linearGradient>
<linearGradient id="floorShade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.22"/><stop offset="0.3" stop-color="#000" stop-opacity="0.05"/><stop offset="1" stop-color="#000" stop-opacity="0.15"/></linearGradient>
<linearGradient id="wallLight" x1="0" y1="0" x2="1" y2="0.6"><stop offset="0" stop-color="${shade(p.wall, 0.45)}"/><stop offset="1" stop-color="${shade(p.wall, -0.1)}"/></linearGradient>
<radialGradient id="glow"><stop offset="0" stop-color="#fff4cf" stop-opacity="0.7"/><stop offset="1" stop-color="#fff4cf" stop-opacity="0"/></radialGradient>
</defs>`;
}

/** Wall paint above a band of tiles, the floor, and the skirting between them. */
function room(p: ScenePalette, tilesFrom: number): string {
  return `<rect width="${SCENE_WIDTH}" height="${FLOOR_Y}" fill="url(#wallLight)"/>
${wallTiles(p, { x: 0, y: tilesFrom, width: SCENE_WIDTH, height: FLOOR_Y - tilesFrom }, 1)}
<rect y="${tilesFrom - 14}" width="${SCENE_WIDTH}" height="14" fill="${shade(p.tile, -0.15)}"/>
${floorTiles(p, { x: 0, y: FLOOR_Y, width: SCENE_WIDTH, height: SCENE_HEIGHT - FLOOR_Y })}
<rect y="${FLOOR_Y}" width="${SCENE_WIDTH}" height="${SCENE_HEIGHT - FLOOR_Y}" fill="url(#floorShade)"/>
<rect y="${FLOOR_Y - 16}" width="${SCENE_WIDTH}" height="16" fill="${shade(p.wall, -0.12)}"/>`;
}

function plant(x: number, base: number, size: number, pot: string, seed: string): string {
  const random = seededRandom(`plant:${seed}`);
  const potTop = base - size * 0.7;
  const greens = ['#2f6b3f', '#3d8b4f', '#4f9d5d', '#2a5a36'];
  const leaves = Array.from({ length: 9 }, (_, i) => {
    const angle = -80 + i * 20 + random.int(-8, 8);
    const length = size * (0.55 + random.next() * 0.35);
    return `<ellipse cx="${x}" cy="${potTop - length / 2}" rx="${(size * 0.12).toFixed(1)}" ry="${(length / 2).toFixed(1)}" fill="${random.pick(greens)}" transform="rotate(${angle} ${x} ${potTop})"/>`;
  }).join('');
  const half = size * 0.32;
  return `<g>${leaves}<path d="M${x - half} ${potTop} H${x + half} L${x + half * 0.78} ${base} H${x - half * 0.78} Z" fill="${pot}"/><rect x="${x - half - 6}" y="${potTop - 6}" width="${2 * half + 12}" height="16" rx="6" fill="${shade(pot, -0.12)}"/></g>`;
}

function towel(x: number, y: number, w: number, h: number, colour: string): string {
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="10" fill="${colour}"/><rect x="${x}" y="${y + h * 0.72}" width="${w}" height="${h * 0.1}" fill="${shade(colour, -0.18)}"/><rect x="${x + w - 14}" y="${y}" width="14" height="${h}" rx="6" fill="${shade(colour, -0.1)}"/>`;
}

function mirror(p: ScenePalette, cx: number, top: number): string {
  const w = p.mirror === 'round' ? 380 : 330;
  const h = p.mirror === 'round' ? 380 : 440;
  const x = cx - w / 2;
  let outline: string;
  if (p.mirror === 'round') outline = `<circle cx="${cx}" cy="${top + h / 2}" r="${w / 2}"/>`;
  else if (p.mirror === 'arch')
    outline = `<path d="M${x} ${top + h} V${top + w / 2} A${w / 2} ${w / 2} 0 0 1 ${x + w} ${top + w / 2} V${top + h} Z"/>`;
  else
    outline = `<rect x="${x}" y="${top}" width="${w}" height="${h}" rx="${p.mirror === 'pill' ? w / 2 : 12}"/>`;
  const inner = (fill: string, inset: number) =>
    `<g fill="${fill}" transform="translate(${cx} ${top + h / 2}) scale(${(w - inset) / w} ${(h - inset) / h}) translate(${-cx} ${-(top + h / 2)})">${outline}</g>`;
  return `<clipPath id="mirrorClip">${outline}</clipPath>${inner(p.metal, 0)}${inner('url(#glass)', 30)}
<g clip-path="url(#mirrorClip)" opacity="0.35"><rect x="${x}" y="${top + h * 0.62}" width="${w}" height="${h}" fill="${p.tile}"/><polygon points="${x + w * 0.15},${top + h} ${x + w * 0.45},${top} ${x + w * 0.6},${top} ${x + w * 0.3},${top + h}" fill="#fff"/><polygon points="${x + w * 0.55},${top + h} ${x + w * 0.8},${top} ${x + w * 0.85},${top} ${x + w * 0.6},${top + h}" fill="#fff"/></g>`;
}

function sconce(x: number, y: number, metal: string): string {
  return `<circle cx="${x}" cy="${y}" r="130" fill="url(#glow)"/><rect x="${x - 9}" y="${y - 40}" width="18" height="80" rx="6" fill="${metal}"/><ellipse cx="${x}" cy="${y}" rx="30" ry="46" fill="#fff8e6" stroke="${shade(metal, -0.1)}" stroke-width="4"/>`;
}

function vanity(p: ScenePalette): string {
  const cx = 760;
  const counterY = 668;
  return `${room(p, 560)}${mirror(p, cx, 150)}${sconce(cx - 290, 330, p.metal)}${sconce(cx + 290, 330, p.metal)}
<rect x="${cx - 330}" y="${counterY + 24}" width="660" height="${FLOOR_Y - counterY - 44}" rx="6" fill="${p.wood}"/>
<rect x="${cx - 312}" y="${counterY + 44}" width="300" height="210" rx="6" fill="none" stroke="${shade(p.wood, -0.2)}" stroke-width="5"/>
<rect x="${cx + 12}" y="${counterY + 44}" width="300" height="210" rx="6" fill="none" stroke="${shade(p.wood, -0.2)}" stroke-width="5"/>
<rect x="${cx - 40}" y="${counterY + 120}" width="14" height="56" rx="7" fill="${p.metal}"/><rect x="${cx + 26}" y="${counterY + 120}" width="14" height="56" rx="7" fill="${p.metal}"/>
<rect x="${cx - 350}" y="${counterY}" width="700" height="28" rx="4" fill="${p.counter}"/>
<path d="M${cx - 150} 600 C${cx - 150} 660 ${cx - 90} ${counterY} ${cx} ${counterY} C${cx + 90} ${counterY} ${cx + 150} 660 ${cx + 150} 600 Z" fill="#f6f6f4"/>
<ellipse cx="${cx}" cy="600" rx="150" ry="24" fill="#fdfdfb" stroke="#d8d8d4" stroke-width="3"/><ellipse cx="${cx}" cy="602" rx="128" ry="16" fill="#dcdedf"/>
<path d="M${cx} 600 V515 Q${cx} 478 ${cx - 44} 478 Q${cx - 80} 478 ${cx - 80} 512" fill="none" stroke="${p.metal}" stroke-width="16" stroke-linecap="round"/>
<rect x="${cx - 262}" y="590" width="46" height="78" rx="12" fill="${p.accent}"/><rect x="${cx - 246}" y="568" width="14" height="24" fill="${p.metal}"/>
${plant(cx + 252, counterY, 120, p.pot, `${p.id}:vanity`)}
<circle cx="${cx - 520}" cy="500" r="42" fill="none" stroke="${p.metal}" stroke-width="9"/>${towel(cx - 560, 530, 80, 190, p.towel)}
<ellipse cx="${cx}" cy="${FLOOR_Y + 120}" rx="360" ry="58" fill="${p.towel}" fill-opacity="0.85"/>`;
}

function toilet(p: ScenePalette): string {
  const x = 560;
  return `${room(p, 600)}
<rect x="880" y="140" width="440" height="430" rx="6" fill="#f7f6f2"/><rect x="902" y="162" width="396" height="386" fill="url(#sky)"/>
<rect x="902" y="355" width="396" height="193" fill="#ffffff" fill-opacity="0.6"/><path d="M1100 162V548M902 355H1298" stroke="#f7f6f2" stroke-width="14"/>
<rect x="860" y="566" width="480" height="22" rx="4" fill="${shade(p.wall, -0.06)}"/>${plant(1250, 566, 110, p.pot, `${p.id}:sill`)}
<polygon points="902,570 1298,570 1420,${FLOOR_Y} 760,${FLOOR_Y}" fill="#fff" fill-opacity="0.07"/>
<rect x="${x - 80}" y="290" width="160" height="200" rx="4" fill="${p.wood}"/><rect x="${x - 64}" y="306" width="128" height="168" fill="#faf8f2"/><circle cx="${x - 10}" cy="370" r="38" fill="${p.accent}"/><rect x="${x - 40}" y="400" width="80" height="52" fill="${p.tile}"/>
<ellipse cx="${x}" cy="${FLOOR_Y + 14}" rx="120" ry="22" fill="#000" fill-opacity="0.15"/>
<rect x="${x - 90}" y="560" width="180" height="150" rx="16" fill="#fbfbfa" stroke="#e0e0dc" stroke-width="3"/><rect x="${x - 100}" y="546" width="200" height="24" rx="9" fill="#ffffff" stroke="#e0e0dc" stroke-width="3"/><circle cx="${x}" cy="546" r="10" fill="${p.metal}"/>
<path d="M${x - 90} 726 H${x + 90} C${x + 90} 806 ${x + 60} 852 ${x + 22} 862 L${x + 32} ${FLOOR_Y} H${x - 32} L${x - 22} 862 C${x - 60} 852 ${x - 90} 806 ${x - 90} 726 Z" fill="#f7f7f5" stroke="#e0e0dc" stroke-width="3"/>
<rect x="${x - 100}" y="708" width="200" height="24" rx="11" fill="#ffffff" stroke="#dcdcd8" stroke-width="3"/>
<rect x="${x + 150}" y="716" width="12" height="54" rx="5" fill="${p.metal}"/><circle cx="${x + 200}" cy="760" r="34" fill="#ffffff" stroke="#dddddd" stroke-width="3"/><circle cx="${x + 200}" cy="760" r="10" fill="#cfcfcf"/><rect x="${x + 166}" y="760" width="34" height="70" fill="#ffffff" stroke="#e2e2e2" stroke-width="2"/>
<rect x="170" y="548" width="230" height="10" rx="5" fill="${p.metal}"/>${towel(200, 552, 170, 230, p.towel)}
<rect x="${x + 170}" y="880" width="70" height="80" rx="10" fill="${p.metal}"/>`;
}

function detail(p: ScenePalette): string {
  const cx = 720;
  return `${wallTiles(p, { x: 0, y: 0, width: SCENE_WIDTH, height: 760 }, 1.5)}<rect y="${760}" width="${SCENE_WIDTH}" height="${SCENE_HEIGHT - 760}" fill="${p.wood}"/>
<path d="M0 900H${SCENE_WIDTH}M${SCENE_WIDTH / 2} 900V${SCENE_HEIGHT}" stroke="${shade(p.wood, -0.22)}" stroke-width="6"/><rect x="${SCENE_WIDTH / 2 - 160}" y="840" width="320" height="16" rx="8" fill="${p.metal}"/>
<rect y="740" width="${SCENE_WIDTH}" height="60" fill="${p.counter}"/><rect y="794" width="${SCENE_WIDTH}" height="10" fill="${shade(p.counter, -0.15)}"/>
<ellipse cx="${cx}" cy="770" rx="300" ry="34" fill="${shade(p.counter, -0.12)}"/><ellipse cx="${cx}" cy="772" rx="284" ry="26" fill="#d7dadc"/><ellipse cx="${cx}" cy="776" rx="22" ry="6" fill="${p.metal}"/>
<path d="M${cx} 745 V560 Q${cx} 470 ${cx - 90} 470 Q${cx - 150} 470 ${cx - 150} 540" fill="none" stroke="${p.metal}" stroke-width="26" stroke-linecap="round"/><path d="M${cx + 12} 690 L${cx + 80} 650" stroke="${p.metal}" stroke-width="14" stroke-linecap="round"/>
<rect x="1060" y="570" width="90" height="172" rx="20" fill="${p.accent}"/><rect x="1070" y="590" width="16" height="130" rx="8" fill="#ffffff" fill-opacity="0.3"/><rect x="1092" y="530" width="26" height="42" fill="${p.metal}"/><rect x="1092" y="526" width="56" height="12" rx="4" fill="${p.metal}"/>
<rect x="1190" y="600" width="80" height="142" rx="18" fill="#f5f3ee"/><rect x="1218" y="566" width="24" height="36" fill="${p.metal}"/>
<ellipse cx="${cx + 400}" cy="748" rx="60" ry="12" fill="#ffffff"/><ellipse cx="${cx + 400}" cy="741" rx="40" ry="11" fill="${shade(p.accent, 0.5)}"/>
${towel(140, 690, 300, 52, p.towel)}${towel(150, 640, 280, 52, shade(p.towel, 0.12))}${towel(160, 590, 260, 52, p.towel)}
${plant(1440, 742, 190, p.pot, `${p.id}:detail`)}`;
}

function door(p: ScenePalette): string {
  const paint = shade(p.accent, -0.1);
  return `${room(p, 620)}
<rect x="530" y="130" width="540" height="${FLOOR_Y - 130}" fill="#f5f3ee"/><rect x="560" y="160" width="480" height="${FLOOR_Y - 160}" fill="${paint}"/>
<rect x="600" y="210" width="180" height="300" rx="4" fill="none" stroke="${shade(paint, -0.18)}" stroke-width="8"/><rect x="820" y="210" width="180" height="300" rx="4" fill="none" stroke="${shade(paint, -0.18)}" stroke-width="8"/>
<rect x="600" y="560" width="180" height="340" rx="4" fill="none" stroke="${shade(paint, -0.18)}" stroke-width="8"/><rect x="820" y="560" width="180" height="340" rx="4" fill="none" stroke="${shade(paint, -0.18)}" stroke-width="8"/>
<rect x="984" y="540" width="22" height="90" rx="8" fill="${p.metal}"/><rect x="940" y="566" width="66" height="16" rx="8" fill="${p.metal}"/>
<circle cx="690" cy="360" r="48" fill="${p.metal}"/><circle cx="690" cy="338" r="11" fill="#ffffff"/><path d="M674 354 H706 L700 392 H680 Z" fill="#ffffff"/>
<rect x="1160" y="380" width="300" height="36" rx="6" fill="${p.wood}"/><circle cx="1210" cy="430" r="12" fill="${p.metal}"/><circle cx="1310" cy="430" r="12" fill="${p.metal}"/><circle cx="1410" cy="430" r="12" fill="${p.metal}"/>
${towel(1270, 436, 90, 240, p.towel)}<path d="M1380 436 L1440 436 L1460 600 L1360 600 Z" fill="${shade(p.pot, 0.2)}"/>
<rect x="150" y="420" width="280" height="20" rx="4" fill="${p.wood}"/>${plant(230, 420, 120, p.pot, `${p.id}:shelf`)}<rect x="330" y="350" width="40" height="70" rx="8" fill="${p.accent}"/>
<path d="M300 0 V170" stroke="#333" stroke-width="4"/><circle cx="300" cy="260" r="150" fill="url(#glow)"/><path d="M230 230 Q300 150 370 230 Z" fill="${p.metal}"/>
<rect x="1100" y="540" width="44" height="70" rx="6" fill="#f7f7f4" stroke="#dcdcd8" stroke-width="2"/>
<path d="M610 ${FLOOR_Y + 20} H990 L1040 ${FLOOR_Y + 130} H560 Z" fill="${p.towel}"/><path d="M630 ${FLOOR_Y + 34} H970 L1008 ${FLOOR_Y + 116} H592 Z" fill="none" stroke="${shade(p.towel, -0.2)}" stroke-width="6"/>`;
}

/** One photo of one bathroom look, as an SVG document. */
export function sceneSvg(p: ScenePalette, view: SceneView): string {
  const body = { vanity, toilet, detail, door }[view](p);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SCENE_WIDTH}" height="${SCENE_HEIGHT}" viewBox="0 0 ${SCENE_WIDTH} ${SCENE_HEIGHT}">${defs(p)}${body}</svg>`;
}
