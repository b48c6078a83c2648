import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';

type AppDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Full screen on a phone, this width from md up; omitted: Chakra's default width. */
  size?: 'lg' | 'xl';
  placement?: 'top' | 'center';
  /** Mount the content only while open (it fetches on mount), and drop it on close. */
  unmountOnClose?: boolean;
  children: ReactNode;
};

/**
 * The dialog every page uses: backdrop, focus trapped inside, Escape and × close it, its own scroll for long content.
 * Children are the header, body and footer (Dialog.Header, Dialog.Body, Dialog.Footer).
 */
export function AppDialog({
  open,
  onOpenChange,
  size,
  placement = 'top',
  unmountOnClose = false,
  children,
}: AppDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      placement={placement}
      lazyMount={unmountOnClose}
      unmountOnExit={unmountOnClose}
      {...(size ? { size: { base: 'full', md: size }, scrollBehavior: 'inside' as const } : {})}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx={size ? undefined : '4'}>
            {children}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

type FormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called when the dialog closes (Cancel, ×, Escape, backdrop): clear the form there. */
  onClose?: () => void;
  title: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  isPending: boolean;
  pendingLabel?: string;
  children: ReactNode;
};

/**
 * A centred dialog holding one short form: title, body, Cancel and a submit button that shows progress, and the ×.
 * Enter submits; the browser's own validation is off so the form's messages show beneath their fields.
 */
export function FormDialog({
  open,
  onOpenChange,
  onClose,
  title,
  onSubmit,
  submitLabel,
  isPending,
  pendingLabel = 'Sending...',
  children,
}: FormDialogProps) {
  return (
    <AppDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose?.();
        onOpenChange(next);
      }}
      placement="center"
    >
      <form onSubmit={onSubmit} noValidate>
        <Dialog.Header>
          <Dialog.Title>{title}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>{children}</Dialog.Body>
        <Dialog.Footer>
          <Dialog.ActionTrigger asChild>
            <Button variant="outline" type="button">
              Cancel
            </Button>
          </Dialog.ActionTrigger>
          <Button type="submit" colorPalette="brand" loading={isPending} loadingText={pendingLabel}>
            {submitLabel}
          </Button>
        </Dialog.Footer>
      </form>
    </AppDialog>
  );
}
