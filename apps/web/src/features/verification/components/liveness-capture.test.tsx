import { VERIFICATION_FRAMES_RECOMMENDED } from '@funkeln/contracts/verification';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { de } from '../../../i18n/de';
import { fakeCamera } from '../../../test/fake-camera';
import { LivenessCapture } from './liveness-capture';

const t = de.photoVerification;

describe('LivenessCapture', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('offers the recording only once the camera shows a frame: before that the frames would be blank and cost a try', async () => {
    const stream = fakeCamera();
    render(<LivenessCapture instructionText="Dreh den Kopf nach links" busy={false} onCapture={() => undefined} />);
    const button = screen.getByRole('button', { name: t.capture });
    const video = screen.getByLabelText(t.cameraLabel);
    await vi.waitFor(() => expect((video as HTMLVideoElement).srcObject).toBe(stream));
    expect(button).toHaveProperty('disabled', true);
    fireEvent.loadedData(video);
    expect(button).toHaveProperty('disabled', false);
  });

  it('records the frames while the prompt says to look straight, then shows the pose, and hands them over in order', async () => {
    fakeCamera();
    const onCapture = vi.fn();
    render(<LivenessCapture instructionText="Dreh den Kopf nach links" busy={false} onCapture={onCapture} />);
    fireEvent.loadedData(screen.getByLabelText(t.cameraLabel));
    fireEvent.click(screen.getByRole('button', { name: t.capture }));
    expect(screen.getByTestId('pose-instruction').textContent).toBe(t.lookStraight);
    expect(screen.getByRole('button', { name: t.recording })).toHaveProperty('disabled', true);
    await vi.waitFor(() => expect(screen.getByTestId('pose-instruction').textContent).toBe('Dreh den Kopf nach links'), { timeout: 3000 });
    await vi.waitFor(() => expect(onCapture).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(onCapture.mock.calls[0]?.[0]).toHaveLength(VERIFICATION_FRAMES_RECOMMENDED);
  });

  it('explains that a camera is needed where there is none: a still photo cannot pass', () => {
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: undefined });
    render(<LivenessCapture instructionText="Dreh den Kopf nach links" busy={false} onCapture={() => undefined} />);
    expect(screen.getByText(t.noCamera)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
