import 'server-only'
import sharp from 'sharp'

// A simple profile picture (a silhouette on a coloured disc) for the demo accounts.
export async function renderAvatar(hue: number, size = 256): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${hue},70%,62%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},65%,42%)"/>
  </linearGradient></defs>
  <rect width="100" height="100" fill="url(#g)"/>
  <circle cx="50" cy="38" r="17" fill="hsl(${hue},40%,94%)"/>
  <path d="M18 92c4-20 17-30 32-30s28 10 32 30z" fill="hsl(${hue},40%,94%)"/>
</svg>`
  return sharp(Buffer.from(svg)).webp({ quality: 85 }).toBuffer()
}
