// The few parts of piexifjs (no published types) the photo tests use to write EXIF into a JPEG.
declare module 'piexifjs' {
  type Rational = [number, number];
  interface ExifObject {
    '0th'?: Record<number, string | number>;
    Exif?: Record<number, string | number>;
    GPS?: Record<number, string | number | Rational[] | number[]>;
  }
  const piexif: {
    dump(exif: ExifObject): string;
    insert(exifBytes: string, jpegBinary: string): string;
    ImageIFD: { Make: number; Model: number; Orientation: number };
    ExifIFD: { BodySerialNumber: number; DateTimeOriginal: number };
    GPSIFD: { GPSLatitudeRef: number; GPSLatitude: number; GPSLongitudeRef: number; GPSLongitude: number; GPSVersionID: number };
    GPSHelper: { degToDmsRational(deg: number): Rational[] };
  };
  export default piexif;
}
