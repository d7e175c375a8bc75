import { useEffect, useRef, useState } from 'react';
import { de } from '../../../i18n/de';

interface SelfieCaptureProps {
  /** Shown over the camera at the moment of capture. */
  instructionText: string;
  busy: boolean;
  onCapture(selfie: Blob): void;
}

const t = de.photoVerification;

/** navigator.mediaDevices is missing outside secure contexts (plain http) and in old browsers. */
const hasCamera = (): boolean => typeof navigator.mediaDevices?.getUserMedia === 'function';

/**
 * The front camera (getUserMedia) with the pose instruction over it; where there is no camera (or it
 * is refused) a file upload instead. The preview is mirrored like a mirror, the captured frame is not:
 * the server reads left and right from the unmirrored image.
 */
export function SelfieCapture({ instructionText, busy, onCapture }: SelfieCaptureProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<'starting' | 'on' | 'none' | 'failed'>(() => (hasCamera() ? 'starting' : 'none'));

  useEffect(() => {
    if (!hasCamera()) return;
    let stream: MediaStream | undefined;
    let cancelled = false;
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 720 } }, audio: false })
      .then((s) => {
        stream = s;
        if (cancelled || !video.current) return s.getTracks().forEach((track) => track.stop());
        // 'on' once the video has a frame (onLoadedData): a capture before that would be a blank picture, "no face", and a used try.
        video.current.srcObject = s;
      })
      .catch(() => !cancelled && setCamera('failed'));
    return () => {
      cancelled = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  const capture = () => {
    const v = video.current;
    if (!v || v.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || v.videoWidth === 0) return;
    const canvas = document.createElement('canvas');
    canvas.width = v.videoWidth;
    canvas.height = v.videoHeight;
    canvas.getContext('2d')?.drawImage(v, 0, 0);
    canvas.toBlob((blob) => blob && onCapture(blob), 'image/jpeg', 0.9);
  };

  const upload = camera === 'none' || camera === 'failed';
  return (
    <div className="selfie-capture">
      <p className="selfie-capture__instruction" data-testid="pose-instruction" aria-live="assertive">
        {instructionText}
      </p>
      {upload ? (
        <>
          <p className="muted">{camera === 'failed' ? t.cameraFailed : t.uploadHint}</p>
          <label className="btn btn--primary">
            {t.upload}
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp"
              capture="user"
              className="visually-hidden"
              disabled={busy}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) onCapture(file);
              }}
            />
          </label>
        </>
      ) : (
        <>
          <video ref={video} className="selfie-capture__video" autoPlay playsInline muted aria-label={t.cameraLabel} onLoadedData={() => setCamera('on')} />
          <button type="button" className="btn btn--primary" disabled={busy || camera !== 'on'} onClick={capture}>
            {busy ? t.checking : t.capture}
          </button>
        </>
      )}
    </div>
  );
}
