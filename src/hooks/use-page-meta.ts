import { useEffect } from 'react';
import { lender } from '@/config/lender';

const SITE = lender.brandName;

/** Sets the page title and meta description (search engines and link previews). */
export function usePageMeta(title: string, description?: string) {
  useEffect(() => {
    document.title = title === SITE ? SITE : `${title} | ${SITE}`;
    if (description) {
      let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
      if (!tag) {
        tag = document.createElement('meta');
        tag.name = 'description';
        document.head.appendChild(tag);
      }
      tag.content = description;
    }
  }, [title, description]);
}
