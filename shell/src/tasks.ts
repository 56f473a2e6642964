/**
 * Resolves in a later task of the browser's, so what follows runs as a task of its own. The shell's start is a
 * chain of such tasks (evaluating code, loading an area, hydrating), each short enough for a phone to answer a tap
 * or draw a frame between them, rather than one long freeze.
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));
