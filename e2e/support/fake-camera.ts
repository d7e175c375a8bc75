import { writeFile } from 'node:fs/promises';
import sharp from 'sharp';

/**
 * A video file for Chromium's fake camera (`--use-fake-device-for-media-stream
 * --use-file-for-fake-video-capture=<file>.y4m`): each image, letterboxed onto width x height, shown
 * for `framesEach` frames (30 a second), in order, as Y4M (YUV 4:2:0, BT.601 video range), which
 * Chromium plays in a loop.
 */
export async function writeFakeVideo(images: Buffer[], file: string, framesEach: number, width = 640, height = 480): Promise<void> {
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\n`, 'ascii');
  const marker = Buffer.from('FRAME\n', 'ascii');
  const frames: Buffer[] = [];
  for (const image of images) {
    const { data } = await sharp(image)
      .resize(width, height, { fit: 'contain', background: { r: 0, g: 0, b: 0 } })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const frame = yuv420(data, width, height);
    for (let i = 0; i < framesEach; i++) frames.push(marker, frame);
  }
  await writeFile(file, Buffer.concat([header, ...frames]));
}

/** RGB (3 bytes a pixel) to planar Y, U, V with both chroma planes averaged over 2 x 2 pixels (BT.601 video range, as Chromium reads Y4M). */
function yuv420(rgb: Buffer, width: number, height: number): Buffer {
  const y = Buffer.alloc(width * height);
  const cw = Math.ceil(width / 2);
  const ch = Math.ceil(height / 2);
  const u = Buffer.alloc(cw * ch);
  const v = Buffer.alloc(cw * ch);
  const clamp = (n: number) => Math.max(0, Math.min(255, Math.round(n)));
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const i = (row * width + col) * 3;
      y[row * width + col] = clamp(16 + (65.481 * rgb[i]! + 128.553 * rgb[i + 1]! + 24.966 * rgb[i + 2]!) / 255);
    }
  }
  for (let row = 0; row < ch; row++) {
    for (let col = 0; col < cw; col++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let n = 0;
      for (const [dy, dx] of [[0, 0], [0, 1], [1, 0], [1, 1]] as const) {
        const py = Math.min(height - 1, row * 2 + dy);
        const px = Math.min(width - 1, col * 2 + dx);
        const i = (py * width + px) * 3;
        r += rgb[i]!;
        g += rgb[i + 1]!;
        b += rgb[i + 2]!;
        n++;
      }
      r /= n;
      g /= n;
      b /= n;
      u[row * cw + col] = clamp(128 + (-37.797 * r - 74.203 * g + 112 * b) / 255);
      v[row * cw + col] = clamp(128 + (112 * r - 93.786 * g - 18.214 * b) / 255);
    }
  }
  return Buffer.concat([y, u, v]);
}
