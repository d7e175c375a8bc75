import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { de } from '../../../i18n/de';
import { SelfieCapture } from './selfie-capture';

const t = de.photoVerification;

describe('SelfieCapture', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers the capture only once the camera shows a frame: before that a selfie would be a blank picture and cost a try', async () => {
    // A camera that starts: jsdom has no media, so the stream is a stand-in and the frame an event.
    const stream = { getTracks: () => [] } as unknown as MediaStream;
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: vi.fn(async () => stream) } });
    render(<SelfieCapture instructionText="Neig den Kopf zur Seite" busy={false} onCapture={() => undefined} />);
    const button = screen.getByRole('button', { name: t.capture });
    const video = screen.getByLabelText(t.cameraLabel);
    await vi.waitFor(() => expect((video as HTMLVideoElement).srcObject).toBe(stream));
    expect(button).toHaveProperty('disabled', true);
    fireEvent.loadedData(video);
    expect(button).toHaveProperty('disabled', false);
  });
});
