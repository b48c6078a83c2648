import { Box, IconButton } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion';
import { HERO_VIDEO_SOURCES as SOURCES, PLAYBACK_LOOK, togglePlayback } from '../islands/plain-hero-video';

const POSTER = '/media/hero-poster.webp';

/**
 * The hero's looping, muted video (made for this site: public/media). The poster paints with the page; the
 * video itself is attached only after the load event, so it never competes with first paint. Reduced-motion
 * users keep the poster. A pause button keeps moving content under the visitor's control (WCAG 2.2.2). On a
 * prerendered public page the build's markup does the same without React (islands/plain-hero-video.ts).
 */
export function HeroVideo() {
  const videoRef = useRef<HTMLVideoElement>(null);
  const isReduced = usePrefersReducedMotion();
  const [isAttached, setAttached] = useState(false);
  const [isPaused, setPaused] = useState(false);

  useEffect(() => {
    if (isReduced) return;
    const attach = () => setAttached(true);
    if (document.readyState === 'complete') {
      const timer = window.setTimeout(attach, 200);
      return () => window.clearTimeout(timer);
    }
    window.addEventListener('load', attach, { once: true });
    return () => window.removeEventListener('load', attach);
  }, [isReduced]);

  useEffect(() => {
    const video = videoRef.current;
    if (!isAttached || !video) return;
    video.muted = true;
    video.load();
    video.play().catch(() => setPaused(true));
  }, [isAttached]);

  function handleToggle() {
    if (videoRef.current) togglePlayback(videoRef.current, setPaused);
  }

  return (
    <Box
      position="relative"
      aspectRatio={16 / 9}
      w="full"
      borderRadius="2xl"
      overflow="hidden"
      bg="brand.800"
      shadow="2xl"
      borderWidth="1px"
      borderColor="whiteAlpha.300"
    >
      <video
        ref={videoRef}
        poster={POSTER}
        width={960}
        height={540}
        muted
        loop
        playsInline
        preload="none"
        aria-hidden="true"
        tabIndex={-1}
        style={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
      >
        {isAttached && SOURCES.map((source) => <source key={source.src} src={source.src} type={source.type} />)}
      </video>
      {isAttached && <PlaybackButton isPaused={isPaused} onClick={handleToggle} />}
    </Box>
  );
}

/** The pause/play control over the video (src/app/islands/registry.ts renders it at build time for its styles). */
export function PlaybackButton({ isPaused, onClick }: { isPaused: boolean; onClick: () => void }) {
  const look = isPaused ? PLAYBACK_LOOK.paused : PLAYBACK_LOOK.playing;
  return (
    <IconButton
      aria-label={look.label}
      size="sm"
      variant="solid"
      bg="blackAlpha.700"
      color="white"
      _hover={{ bg: 'blackAlpha.800' }}
      position="absolute"
      bottom="3"
      right="3"
      borderRadius="full"
      onClick={onClick}
    >
      <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" fill="currentColor">
        <path d={look.icon} />
      </svg>
    </IconButton>
  );
}

/** The control as the build renders it for its styles (src/app/islands/registry.ts, laterLook). */
export function PlaybackButtonLook() {
  return <PlaybackButton isPaused={false} onClick={() => undefined} />;
}
