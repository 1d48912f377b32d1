import { useCallback, useEffect, useRef, useState } from 'react';

/** Why the microphone cannot be used (no device, denied, busy…), plus the states before and during a check. */
export type MicrophoneStatus = 'idle' | 'checking' | 'ready' | 'denied' | 'not-found' | 'unavailable';
export type MicrophonePermission = 'granted' | 'denied' | 'prompt' | 'unknown';

export interface Microphone {
  status: MicrophoneStatus;
  permission: MicrophonePermission;
  devices: MediaDeviceInfo[];
  deviceId: string | null;
  label: string;
  stream: MediaStream | null;
  check(deviceId?: string | null): Promise<void>;
}

/** getUserMedia's failures → the spec's three errors (a DOMException's name says which). */
export function classifyMicrophoneError(error: unknown): Exclude<MicrophoneStatus, 'idle' | 'checking' | 'ready'> {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'not-found';
  return 'unavailable';
}

async function queryPermission(): Promise<MicrophonePermission> {
  try {
    const status = await navigator.permissions.query({ name: 'microphone' as PermissionName });
    return status.state;
  } catch {
    return 'unknown';
  }
}

/**
 * The seat's microphone: which devices exist, whether the site may use one, and the live stream the
 * level meter and the call use. Checked once when the page opens (a seat without a microphone is no
 * seat) and again on demand; the stream is stopped when the page closes.
 */
export function useMicrophone(): Microphone {
  const [state, setState] = useState<Omit<Microphone, 'check'>>({
    status: 'idle',
    permission: 'unknown',
    devices: [],
    deviceId: null,
    label: '',
    stream: null,
  });
  const streamRef = useRef<MediaStream | null>(null);

  const check = useCallback(async (deviceId: string | null = null) => {
    setState((s) => ({ ...s, status: 'checking' }));
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    if (!navigator.mediaDevices?.getUserMedia) {
      // No media API at all: a page served over plain HTTP from another host, or a browser without it.
      setState((s) => ({ ...s, status: 'unavailable', stream: null }));
      return;
    }
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        audio: { ...(deviceId ? { deviceId: { exact: deviceId } } : {}), echoCancellation: true, noiseSuppression: true },
      });
      streamRef.current = stream;
      const track = stream.getAudioTracks()[0];
      const devices = (await navigator.mediaDevices.enumerateDevices()).filter((device) => device.kind === 'audioinput');
      setState({
        status: 'ready',
        permission: await queryPermission(),
        devices,
        deviceId: track?.getSettings().deviceId ?? deviceId,
        label: track?.label ?? '',
        stream,
      });
    } catch (error) {
      const devices = await navigator.mediaDevices
        .enumerateDevices()
        .then((all) => all.filter((device) => device.kind === 'audioinput'))
        .catch(() => []);
      const status = devices.length === 0 && classifyMicrophoneError(error) !== 'denied' ? 'not-found' : classifyMicrophoneError(error);
      setState((s) => ({ ...s, status, devices, stream: null, permission: status === 'denied' ? 'denied' : s.permission }));
    }
  }, []);

  useEffect(() => {
    void queryPermission().then((permission) => setState((s) => ({ ...s, permission })));
    void check();
    return () => streamRef.current?.getTracks().forEach((track) => track.stop());
  }, [check]);

  return { ...state, check };
}

/** The microphone's loudness, 0–1 (RMS of the waveform, scaled), sampled ten times a second. */
export function useInputLevel(stream: MediaStream | null): number {
  const [level, setLevel] = useState(0);
  useEffect(() => {
    if (!stream) {
      setLevel(0);
      return;
    }
    const ctx = new AudioContext();
    void ctx.resume().catch(() => undefined);
    const analyser = ctx.createAnalyser();
    analyser.fftSize = 1024;
    ctx.createMediaStreamSource(stream).connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    const timer = setInterval(() => {
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += sample * sample;
      // Speech sits around RMS 0.02–0.2: scale so normal speech fills most of the bar.
      setLevel(Math.min(1, Math.sqrt(sum / samples.length) * 5));
    }, 100);
    return () => {
      clearInterval(timer);
      void ctx.close();
    };
  }, [stream]);
  return level;
}
