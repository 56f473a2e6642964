// The live events' schema on its own, so the stream's reader downloads it (and zod) only when an event arrives.
export { LiveEvent } from '@waypoint/contracts';
