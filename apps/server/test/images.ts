import { crc32, deflateSync } from 'node:zlib';
import piexif from 'piexifjs';
import sharp from 'sharp';
import { faceCrop, faces } from './faces.js';

/**
 * A photo-like JPEG of the given size: gradient and shapes around a real face (a crop of one of the
 * face-api sample photos), so the upload's face check finds the face a main photo needs.
 */
export async function makeJpeg(width = 1600, height = 1200, faceRotation: 0 | 90 | 180 | 270 = 0): Promise<Buffer> {
  const scene = await sceneJpeg(width, height);
  const face = await sharp(await faceCrop(faces.frontal))
    .rotate(faceRotation)
    .resize({ width: Math.round(width * 0.6), height: Math.round(height * 0.7), fit: 'inside' })
    .toBuffer({ resolveWithObject: true });
  const left = Math.round((width - face.info.width) / 2);
  const top = Math.round((height - face.info.height) / 2);
  return sharp(scene).composite([{ input: face.data, left, top }]).jpeg({ quality: 85 }).toBuffer();
}

/** The same scene without any face (gradient and a circle): a picture that may not become the main photo. */
export function sceneJpeg(width = 1600, height = 1200): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3a7bd5"/><stop offset="1" stop-color="#a8e063"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 3}" cy="${height / 2}" r="${height / 5}" fill="#ffd166"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** The JPEG with camera make/model/serial, a capture date, GPS coordinates and an orientation. */
export async function makeJpegWithGps(orientation = 6): Promise<Buffer> {
  // The face is stored turned against the orientation, so it stands upright once the photo is turned.
  const jpeg = await makeJpeg(1600, 1200, orientation === 6 ? 270 : orientation === 8 ? 90 : orientation === 3 ? 180 : 0);
  const exif = piexif.dump({
    '0th': { [piexif.ImageIFD.Make]: 'FunkelCam', [piexif.ImageIFD.Model]: 'Spy 3000', [piexif.ImageIFD.Orientation]: orientation },
    Exif: { [piexif.ExifIFD.BodySerialNumber]: 'SN-123456789', [piexif.ExifIFD.DateTimeOriginal]: '2026:05:01 12:00:00' },
    GPS: {
      [piexif.GPSIFD.GPSVersionID]: [2, 3, 0, 0],
      [piexif.GPSIFD.GPSLatitudeRef]: 'N',
      [piexif.GPSIFD.GPSLatitude]: piexif.GPSHelper.degToDmsRational(52.520008),
      [piexif.GPSIFD.GPSLongitudeRef]: 'E',
      [piexif.GPSIFD.GPSLongitude]: piexif.GPSHelper.degToDmsRational(13.404954),
    },
  });
  return Buffer.from(piexif.insert(exif, jpeg.toString('binary')), 'binary');
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A decompression bomb: a valid PNG header claiming 50,000 x 50,000 pixels in a few hundred bytes. */
export function makePngBomb(side = 50_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(0, 9); // greyscale
  const firstRows = deflateSync(Buffer.alloc((side + 1) * 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', firstRows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** multipart/form-data body with one file part, for app.inject. */
export function multipart(file: Buffer, filename = 'foto.jpg', contentType = 'image/jpeg', field = 'file') {
  const boundary = `----funkeln${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, file, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
