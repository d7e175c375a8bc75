import { vi } from 'vitest';

/**
 * A camera for jsdom, which has no media and no canvas: getUserMedia answers a stand-in stream, the
 * video reports a 640 x 480 frame, and every canvas snapshot is a tiny JPEG blob. Undo with vi.unstubAllGlobals and vi.restoreAllMocks.
 */
export function fakeCamera(): MediaStream {
  const stream = { getTracks: () => [] } as unknown as MediaStream;
  vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: vi.fn(async () => stream) } });
  vi.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockReturnValue(640);
  vi.spyOn(HTMLVideoElement.prototype, 'videoHeight', 'get').mockReturnValue(480);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage: () => undefined } as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done) => done(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' })));
  return stream;
}
