import { type ComponentProps, useEffect, useRef } from 'react';

/** A <video> showing a MediaStream (React has no `srcObject` prop). */
export function Video({ stream, ...props }: { stream: MediaStream | null } & Omit<ComponentProps<'video'>, 'ref'>) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video || video.srcObject === stream) return;
    video.srcObject = stream;
    if (stream) void video.play().catch(() => undefined);
  }, [stream]);
  return <video ref={ref} {...props} />;
}
