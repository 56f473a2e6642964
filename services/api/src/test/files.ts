import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Writes `files` (a path under `root` → its content) under `root`, making the folders they need. */
export async function writeTree(root: string, files: Record<string, string>): Promise<void> {
  for (const [name, content] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await fs.writeFile(path.join(root, name), content);
  }
}

/** A new folder in the system's temporary folder (named from `prefix`) holding `files`. */
export async function temporaryTree(
  prefix: string,
  files: Record<string, string>,
): Promise<string> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  await writeTree(root, files);
  return root;
}
