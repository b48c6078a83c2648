/** A literal edit, expected `count` times (once unless given): anything else means the file is not what we expect. */
export type Edit = [pattern: string, replacement: string, count?: number];

/** Applies literal edits of Chakra's code, failing loudly (naming the module `owner` to update) when one does not fit. */
export function applyEdits(code: string, file: string, edits: Edit[], owner: string): string {
  let result = code;
  for (const [pattern, replacement, count = 1] of edits) {
    const parts = result.split(pattern);
    if (parts.length - 1 !== count) {
      throw new Error(
        `${file} no longer has exactly ${count} of ${JSON.stringify(pattern.slice(0, 60))}: update ${owner}`,
      );
    }
    result = parts.join(replacement);
  }
  return result;
}
