// Generates the PNG icons of the web app manifest and of push notifications from the site's
// logo, public/favicon.svg (the red drop). Run once when the logo changes, and commit the output:
//   node scripts/generate-icons.mjs
// public/icons/:
//   icon-192.png, icon-512.png  the drop as drawn, on transparent ("any": the install prompt, tabs);
//   maskable-512.png            a white drop inside the safe zone of a full-bleed red tile (Android
//                               cuts launcher icons to its own shape);
//   apple-touch-icon.png        the same tile at 180 px (iOS home screens: opaque, iOS rounds it);
//   badge-96.png                a white silhouette: Android draws the status-bar badge from its alpha.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'public/icons');
const RED = '#c10007';

const logo = await fs.readFile(path.join(root, 'public/favicon.svg'), 'utf8');
if (!logo.includes(`fill="${RED}"`) || !logo.includes('stroke="#fff"')) {
  throw new Error(`public/favicon.svg changed: expected a ${RED} drop with a white stroke; update this script`);
}
/** The logo in white, its highlight in red: for a red background. */
const inverted = logo.replace(`fill="${RED}"`, 'fill="#fff"').replace('stroke="#fff"', `stroke="${RED}"`);
/** The drop's outline only (the highlight drawn in the same white disappears into it). */
const silhouette = logo.replace(`fill="${RED}"`, 'fill="#fff"');

/** The SVG (a 32x32 viewBox) rendered to a square PNG of `size` pixels. */
const render = (svg, size) => sharp(Buffer.from(svg), { density: (72 * size) / 32 }).resize(size, size).png().toBuffer();

/**
 * The logo at `scale` of the side, centred on a full-bleed tile. At 0.6 the drop (20x28 of 32)
 * spans 37.5% x 52.5% of the tile, inside the maskable safe zone (a circle of 80% diameter).
 */
async function tile(svg, size, background, scale) {
  const inner = Math.round(size * scale);
  const offset = Math.round((size - inner) / 2);
  return sharp({ create: { width: size, height: size, channels: 4, background } })
    .composite([{ input: await render(svg, inner), left: offset, top: offset }])
    .png()
    .toBuffer();
}

/** Palette PNGs: a few flat colours compress to a fraction of truecolour, and phones pay per byte. */
const save = async (name, png) => {
  const file = path.join(out, name);
  await sharp(png).png({ palette: true, compressionLevel: 9, effort: 10 }).toFile(file);
  console.log(`${path.relative(root, file)}: ${(await fs.stat(file)).size} bytes`);
};

await fs.mkdir(out, { recursive: true });
await save('icon-192.png', await render(logo, 192));
await save('icon-512.png', await render(logo, 512));
await save('maskable-512.png', await tile(inverted, 512, RED, 0.6));
await save('apple-touch-icon.png', await tile(inverted, 180, RED, 0.7));
await save('badge-96.png', await render(silhouette, 96));
