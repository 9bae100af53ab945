import { type ReactNode, useState } from 'react';

interface LogoImageProps {
  src: string | null | undefined;
  alt: string;
  className?: string;
  /** Shown when there is no logo or it fails to load; nothing at all when omitted. */
  fallback?: ReactNode;
}

/** An organization logo that disappears (or gives way to a fallback) when the image cannot load. */
export function LogoImage({ src, alt, className = 'h-10 w-10', fallback = null }: LogoImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) return <>{fallback}</>;
  return (
    <img
      src={src}
      alt={alt}
      className={`${className} shrink-0 rounded-lg border border-slate-200 bg-white object-contain`}
      onError={() => setFailedSrc(src)}
    />
  );
}
