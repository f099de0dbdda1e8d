// A <video> showing a MediaStream (set as srcObject: React has no attribute for it). The self-view
// is muted (her own voice never echoes) and mirrored, as a mirror is what she expects to see.
import { type VideoHTMLAttributes, useEffect, useRef } from 'react';

export function VideoDe({
  stream,
  propio = false,
  alBloquearse,
  ...props
}: {
  stream: MediaStream | null;
  propio?: boolean;
  /** The browser refused to play with sound before a tap (autoplay policy): the picture plays
   * muted until she taps once (`activarSonido`). */
  alBloquearse?: (bloqueado: boolean) => void;
} & VideoHTMLAttributes<HTMLVideoElement>) {
  const ref = useRef<HTMLVideoElement>(null);
  const avisar = useRef(alBloquearse);
  avisar.current = alBloquearse;
  useEffect(() => {
    const v = ref.current;
    if (!v) return;
    if (propio) {
      v.muted = true;
      v.defaultMuted = true;
    }
    if (v.srcObject !== stream) v.srcObject = stream;
    if (!stream) return;
    v.play().then(
      () => avisar.current?.(false),
      (e: unknown) => {
        if (propio || !(e instanceof DOMException) || e.name !== 'NotAllowedError') return;
        // Opened without a tap (a reload): the picture plays muted, and she is asked for one tap.
        v.muted = true;
        void v.play().catch(() => undefined);
        avisar.current?.(true);
      },
    );
  }, [stream, propio]);
  return <video ref={ref} autoPlay playsInline muted={propio} {...props} />;
}

/** The tap that lets the other party's voice play (after the autoplay policy muted it). */
export async function activarSonido(v: HTMLVideoElement | null): Promise<boolean> {
  if (!v) return false;
  v.muted = false;
  try {
    await v.play();
    return true;
  } catch {
    v.muted = true;
    return false;
  }
}
