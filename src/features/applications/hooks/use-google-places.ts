import { useEffect, useState, type RefObject } from 'react';

// Places autocomplete: loaded only with a key that passes the spec's check, restricted to US
// addresses of address type, retried up to 3 times with a growing delay. Without a key the field stays a plain,
// enabled text input (docs/product.md 3). Only the typed address text reaches Google (docs/security.md F).

type PlaceResult = { formatted_address?: string };
type Autocomplete = { addListener: (event: string, handler: () => void) => unknown; getPlace: () => PlaceResult };
type PlacesNamespace = {
  maps?: {
    places?: {
      Autocomplete: new (
        input: HTMLInputElement,
        options: { componentRestrictions: { country: string }; types: string[]; fields: string[] },
      ) => Autocomplete;
    };
    event?: { clearInstanceListeners: (instance: unknown) => void };
  };
};

export type PlacesStatus = 'off' | 'loading' | 'ready' | 'failed';

const MAX_ATTEMPTS = 3;
const CALLBACK = '__applyPlacesReady';
let loading: Promise<void> | null = null;

function placesNamespace(): PlacesNamespace | undefined {
  return (window as unknown as { google?: PlacesNamespace }).google;
}

function loadScriptOnce(apiKey: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    const params = new URLSearchParams({ key: apiKey, libraries: 'places', loading: 'async', callback: CALLBACK });
    (window as unknown as Record<string, unknown>)[CALLBACK] = () => resolve();
    script.src = `https://maps.googleapis.com/maps/api/js?${params.toString()}`;
    script.async = true;
    script.onerror = () => {
      script.remove();
      reject(new Error('maps script failed'));
    };
    document.head.appendChild(script);
  });
}

async function loadPlaces(apiKey: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await loadScriptOnce(apiKey);
      if (!placesNamespace()?.maps?.places) throw new Error('places library missing');
      return;
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt));
    }
  }
}

/** Attaches Places autocomplete to `inputRef` when a usable key is given; reports the chosen formatted address. */
export function useGooglePlaces(
  inputRef: RefObject<HTMLInputElement | null>,
  apiKey: string,
  onPlace: (place: { formattedAddress: string | null }) => void,
): PlacesStatus {
  const [status, setStatus] = useState<PlacesStatus>(apiKey ? 'loading' : 'off');

  useEffect(() => {
    if (!apiKey) return;
    let isCancelled = false;
    let instance: Autocomplete | null = null;
    loading ??= loadPlaces(apiKey).catch((error: unknown) => {
      loading = null;
      throw error;
    });
    loading
      .then(() => {
        const places = placesNamespace()?.maps?.places;
        if (isCancelled || !inputRef.current || !places) return;
        instance = new places.Autocomplete(inputRef.current, {
          componentRestrictions: { country: 'us' },
          types: ['address'],
          fields: ['formatted_address'],
        });
        const autocomplete = instance;
        autocomplete.addListener('place_changed', () => {
          onPlace({ formattedAddress: autocomplete.getPlace().formatted_address ?? null });
        });
        setStatus('ready');
      })
      .catch(() => {
        if (!isCancelled) setStatus('failed');
      });
    return () => {
      isCancelled = true;
      if (instance) placesNamespace()?.maps?.event?.clearInstanceListeners(instance);
    };
    // onPlace is read through the closure on purpose: re-attaching on every render would duplicate listeners.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [apiKey, inputRef]);

  return status;
}
