import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast } from '@chakra-ui/react';
import { toastSlotRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '@/theme';
import { useEffect } from 'react';

// Before the first render: the start-up theme has no toast recipe (src/theme.ts).
addRecipes({ slotRecipes: { toast: toastSlotRecipe } });

type ToasterStore = Parameters<typeof ChakraToaster>[0]['toaster'];

/**
 * Loaded on demand by toaster.tsx: the region the notifications of `toaster` are drawn in. The store and the
 * "shown" signal come as props, so this chunk does not import the module that loads it.
 */
export default function ToasterViewport({ toaster, onShown }: { toaster: ToasterStore; onShown: () => void }) {
  // After the frame that shows it (and the notifications already made).
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      // A notification made in the very commit that mounted the region can be missed by it: the region subscribes to
      // the store a moment after mounting and may take the store's list from before. Publishing the store's
      // notifications again adds what it lacks (and changes nothing it has).
      for (const { id } of toaster.getVisibleToasts()) if (id) toaster.update(id, {});
      onShown();
    });
    return () => cancelAnimationFrame(frame);
  }, [toaster, onShown]);
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            {toast.type === 'loading' ? <Spinner size="sm" color="brand.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            <Toast.CloseTrigger />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
