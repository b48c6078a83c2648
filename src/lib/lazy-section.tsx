import { memo, Suspense, use, useEffect, useRef, useState, type ComponentType } from 'react';
import { ATTRIBUTE, sessionOf, type Gate, type Session } from './lazy-section-watch';

// A section of a prerendered page that hydrates when it comes near the viewport. Its code stays out of the
// page's first download and React leaves its server markup on screen until then: the Suspense boundary below is
// dehydrated, and React keeps a dehydrated boundary's markup for as long as its content suspends.
// What the visitor does there before then is not lost: React drops input on markup it cannot hydrate yet, so this
// module holds clicks, key presses and submits back, and plays them (and typed text) again once the section is live.
// The watching, holding and replaying is in lazy-section-watch.ts, which src/main.tsx starts before the app's code.

/** Scrolls to the #fragment of the address when it is inside `element` (which rendered after the page did). */
function scrollToFragmentIn(element: HTMLElement | null) {
  const id = window.location.hash && decodeURIComponent(window.location.hash.slice(1));
  const target = id ? document.getElementById(id) : null;
  if (target && element?.contains(target)) target.scrollIntoView();
}

export type LazySection<P extends object> = ComponentType<P> & { preload: () => Promise<void> };

/**
 * A section of a prerendered page that loads and hydrates when it nears the viewport (or when the visitor reaches it
 * first, by keyboard or pointer). Rendered without server markup (after navigating from another page), it loads at
 * once. `name` is unique on its page: it marks the section's wrapper, a plain block `div`. Define sections at module
 * level, in the page's own module.
 */
export function lazySection<P extends object>(name: string, load: () => Promise<ComponentType<P>>): LazySection<P> {
  let Loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        Loaded = component;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  // This code is here: a section already reached (or in view) starts loading.
  sessionOf(name)?.attach(preload);

  function Content({ gate, props }: { gate: Gate; props: P }) {
    // Server markup waits for its gate even when the code is here already (fetched while idle).
    if (!gate.isOpen || !Loaded) use(gate.ready);
    useEffect(() => gate.onLive(), [gate]);
    const Component = Loaded;
    return Component ? <Component {...props} /> : null;
  }

  function Section(props: P) {
    const ref = useRef<HTMLDivElement>(null);
    // Rendered on the client (or the server): load now; once in, go to a #fragment inside it.
    const loadNow = (): Gate => ({ ready: preload(), isOpen: true, onLive: () => scrollToFragmentIn(ref.current) });
    const [gate, setGate] = useState<Gate>(() => {
      const session = sessionOf(name);
      if (!session) return loadNow();
      session.attach(preload);
      return session;
    });
    useEffect(() => {
      // Rendered anew instead of hydrated (after a hydration error React renders a part from scratch): the server
      // markup this section was watching is gone, so it loads now.
      if (!('element' in gate) || gate.element === ref.current) return;
      (gate as Session).stop();
      setGate(loadNow());
    }, [gate]);
    return (
      <div ref={ref} {...{ [ATTRIBUTE]: name }}>
        <Suspense fallback={null}>
          <Content gate={gate} props={props} />
        </Suspense>
      </div>
    );
  }

  // Memo: a parent's re-render (the auth answer, say) must not reach the dehydrated boundary, or React would try to
  // hydrate it right then.
  return Object.assign(memo(Section) as unknown as ComponentType<P>, { preload });
}
