import { toaster } from '@/components/ui/toaster';
import { firstFieldErrors, firstIssueMessages, getErrorMessage } from '@/lib/errors';

type Issues = ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>;
type Checked<T> = { success: true; data: T } | { success: false; error: { issues: Issues } };
export type FieldMessages<F extends string> = Partial<Record<F, string>>;

/**
 * One short form's submit: the zod check (and `check` of the parsed values) puts its messages under the fields;
 * then `send` runs and its answer is a toast, a refusal's field errors going under the fields too. True once sent.
 */
export async function submitCheckedForm<F extends string, T, R>(options: {
  checked: Checked<T>;
  fields: readonly F[];
  check?: (data: T) => FieldMessages<F>;
  setErrors: (errors: FieldMessages<F>) => void;
  send: (data: T) => Promise<R>;
  sent: (result: R) => { title: string; description?: string };
  failureTitle: string;
}): Promise<boolean> {
  const { checked, fields, setErrors } = options;
  const errors = checked.success
    ? (options.check?.(checked.data) ?? {})
    : firstIssueMessages(checked.error.issues, fields);
  setErrors(errors);
  if (!checked.success || Object.keys(errors).length > 0) return false;
  try {
    const result = await options.send(checked.data);
    toaster.create({ type: 'success', ...options.sent(result) });
    return true;
  } catch (error) {
    setErrors(firstFieldErrors(error, fields));
    toaster.create({ type: 'error', title: options.failureTitle, description: getErrorMessage(error) });
    return false;
  }
}
