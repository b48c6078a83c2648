// The hero's video on a prerendered public page, without React (src/app/islands/plain-islands.ts): what HeroVideo
// (components/hero-video.tsx) does, on the build's markup. The pause/play control comes from the build too (a
// <template> of its markup, scripts/prerender.mjs), with its styles in the page's head already.
import { prefersReducedMotion } from '../utils/reduced-motion';

export const HERO_VIDEO_SOURCES = [
  { src: '/media/hero.mp4', type: 'video/mp4' },
  { src: '/media/hero.webm', type: 'video/webm' },
];

/** The control's label and icon, paused or playing (the same in the component and here). */
export const PLAYBACK_LOOK = {
  paused: { label: 'Play background video', icon: 'M3 1.5v11l9-5.5z' },
  playing: { label: 'Pause background video', icon: 'M3 1.5h3v11H3zM8 1.5h3v11H8z' },
} as const;

/**
 * The control's press, here and in HeroVideo: plays a paused video, pauses a playing one, and tells `showPaused`
 * what the video is now (paused too when play() is refused).
 */
export function togglePlayback(video: HTMLVideoElement, showPaused: (isPaused: boolean) => void) {
  if (video.paused) {
    video.play().then(
      () => showPaused(false),
      () => showPaused(true),
    );
  } else {
    video.pause();
    showPaused(true);
  }
}

/**
 * After the load event (or 200 ms after the start, when it has passed), unless the visitor asks for less motion:
 * attaches the sources, plays, and shows the control (`control`: the build's markup of it, playing). A refused
 * play() shows the control paused. Answers false when the markup has no video.
 */
export function startPlainHeroVideo(element: HTMLElement, control: DocumentFragment | undefined): boolean {
  const video = element.querySelector('video');
  const frame = video?.parentElement;
  if (!video || !frame || !control) return false;
  if (prefersReducedMotion()) return true;

  const attach = () => {
    // The page was taken over meanwhile (a signed-in visitor of `/`: src/main.tsx): nothing to play.
    if (!video.isConnected) return;
    for (const { src, type } of HERO_VIDEO_SOURCES) {
      const source = document.createElement('source');
      source.src = src;
      source.type = type;
      video.append(source);
    }
    const button = control.querySelector('button');
    const icon = button?.querySelector('path');
    if (!button || !icon) return;
    const showPaused = (isPaused: boolean) => {
      const look = isPaused ? PLAYBACK_LOOK.paused : PLAYBACK_LOOK.playing;
      button.setAttribute('aria-label', look.label);
      icon.setAttribute('d', look.icon);
    };
    button.addEventListener('click', () => togglePlayback(video, showPaused));
    frame.append(button);
    video.muted = true;
    video.load();
    video.play().catch(() => showPaused(true));
  };
  if (document.readyState === 'complete') window.setTimeout(attach, 200);
  else window.addEventListener('load', attach, { once: true });
  return true;
}
