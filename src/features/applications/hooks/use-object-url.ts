import { useEffect, useState } from 'react';

/**
 * An object URL for a file the page shows (a thumbnail), made while the file is shown and revoked when the file
 * changes or the component goes away, so a replaced or removed photo is not kept in memory.
 */
export function useObjectUrl(file: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}
