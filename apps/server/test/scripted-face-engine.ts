// The one place the face engine is substituted (ContainerOverrides.faceEngine): a live head turn of one
// person cannot be recorded offline (the sample photos show each person once, still), so the HTTP
// tests of what follows a passed liveness check (the badge, the team's queue, the threshold setting,
// two processes) script what the model "sees": each picture is a plain colour of a width that stands
// for one analysis (real landmark geometry from test/recorded-landmarks.ts, chosen descriptors and
// textures). Everything a still photo can send is tested with the real model instead
// (verification-liveness.test.ts, verification.test.ts, face-engine.test.ts).
import sharp from 'sharp';
import type { FaceEngine } from '../src/modules/verification/index.js';
import type { DetectedFace } from '../src/modules/verification/face/protocol.js';
import { analysedFace, descriptorAt, liveTurnLeft, textureWith } from './liveness-faces.js';
import { recordedLandmarks } from './recorded-landmarks.js';

export class ScriptedFaceEngine implements FaceEngine {
  private readonly byWidth = new Map<number, DetectedFace[]>();
  private next = 320;

  /** A picture the engine answers with `faces`. */
  async picture(faces: DetectedFace[]): Promise<Buffer> {
    const width = (this.next += 2);
    this.byWidth.set(width, faces);
    const shade = width % 200;
    return sharp({ create: { width, height: 400, channels: 3, background: { r: shade, g: 90, b: 200 - shade } } }).jpeg().toBuffer();
  }

  async analyze(image: Buffer): Promise<DetectedFace[]> {
    const { width = 0 } = await sharp(image).metadata();
    return this.byWidth.get(width) ?? [];
  }

  async countFaces(image: Buffer): Promise<number> {
    return (await this.analyze(image)).length;
  }

  stats() {
    return Promise.resolve({ heapUsedBytes: 0, heapTotalBytes: 0, tensorBytes: 0, tensors: 0 });
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

/** A profile photo of the recording's person: a real second photo, `distance` from the recording's first frame, another picture (texture 0.6). */
export function scriptedPhoto(engine: ScriptedFaceEngine, distance = 0.3): Promise<Buffer> {
  return engine.picture([analysedFace(recordedLandmarks.frontal, descriptorAt(distance), textureWith(0.6, 3))]);
}

/** The frames of a live turn to the left (liveTurnLeft), one picture each, in order. */
export function scriptedTurn(engine: ScriptedFaceEngine, faces: DetectedFace[] = liveTurnLeft()): Promise<Buffer[]> {
  return Promise.all(faces.map((f) => engine.picture([f])));
}
