import { VERIFICATION_FRAMES_RECOMMENDED, VERIFICATION_RECORDING_MS } from '@funkeln/contracts/verification';
import { useEffect, useRef, useState } from 'react';
import { de } from '../../../i18n/de';

interface LivenessCaptureProps {
  /** The asked pose, shown once the member has looked straight into the camera. */
  instructionText: string;
  busy: boolean;
  onCapture(frames: Blob[]): void;
}

const t = de.photoVerification;
/** Of the frames, this many are taken while the prompt says to look straight; the rest while turning. */
const STRAIGHT_FRAMES = 2;

/** navigator.mediaDevices is missing outside secure contexts (plain http) and in old browsers. */
const hasCamera = (): boolean => typeof navigator.mediaDevices?.getUserMedia === 'function';

/** One unmirrored JPEG of what the video shows now (the server reads left and right from the unmirrored image). */
function snapshot(v: HTMLVideoElement): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = v.videoWidth;
  canvas.height = v.videoHeight;
  canvas.getContext('2d')?.drawImage(v, 0, 0);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The front camera (getUserMedia) and a short recording for the liveness check: frames at even
 * intervals over VERIFICATION_RECORDING_MS, the first while the prompt says to look straight, the
 * rest while it shows the asked pose. The preview is mirrored like a mirror, the frames are not. A
 * still picture cannot pass the check, so there is no file upload.
 */
export function LivenessCapture({ instructionText, busy, onCapture }: LivenessCaptureProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<'starting' | 'on' | 'none' | 'failed'>(() => (hasCamera() ? 'starting' : 'none'));
  const [recording, setRecording] = useState<'idle' | 'straight' | 'pose'>('idle');

  useEffect(() => {
    if (!hasCamera()) return;
    let stream: MediaStream | undefined;
    let cancelled = false;
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 720 } }, audio: false })
      .then((s) => {
        stream = s;
        if (cancelled || !video.current) return s.getTracks().forEach((track) => track.stop());
        // 'on' once the video has a frame (onLoadedData): a recording before that would be blank pictures, "no face", and a used try.
        video.current.srcObject = s;
      })
      .catch(() => !cancelled && setCamera('failed'));
    return () => {
      cancelled = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  const record = async () => {
    const v = video.current;
    if (!v || v.videoWidth === 0) return;
    const frames: Blob[] = [];
    const interval = VERIFICATION_RECORDING_MS / (VERIFICATION_FRAMES_RECOMMENDED - 1);
    for (let i = 0; i < VERIFICATION_FRAMES_RECOMMENDED; i++) {
      setRecording(i < STRAIGHT_FRAMES ? 'straight' : 'pose');
      if (i > 0) await wait(interval);
      const frame = await snapshot(v);
      if (frame) frames.push(frame);
    }
    setRecording('idle');
    onCapture(frames);
  };

  if (camera === 'none' || camera === 'failed') {
    return <p className="muted">{camera === 'failed' ? t.cameraFailed : t.noCamera}</p>;
  }
  return (
    <div className="selfie-capture">
      <p className="selfie-capture__instruction" data-testid="pose-instruction" aria-live="assertive">
        {recording === 'straight' ? t.lookStraight : instructionText}
      </p>
      <video ref={video} className="selfie-capture__video" autoPlay playsInline muted aria-label={t.cameraLabel} onLoadedData={() => setCamera('on')} />
      <button type="button" className="btn btn--primary" disabled={busy || recording !== 'idle' || camera !== 'on'} onClick={() => void record()}>
        {busy ? t.checking : recording !== 'idle' ? t.recording : t.capture}
      </button>
    </div>
  );
}
