import { z } from 'zod';
import { AdminText } from './admin-text';
import { atMostItems, CHOOSE_FROM_LIST, text, Uuid } from './primitives';

/**
 * A team's day in the staff area: when each application is due, who works on it, and the notes staff leave for
 * each other.
 *
 * An application is due at its first submission plus its processing option's hours (the speed the traveller paid
 * for); time spent waiting for the traveller's changes does not count. It is open work while submitted or under
 * review; the promise is kept when it is lodged with the Home Office by then.
 */

/**
 * Where an application stands against its promise: `overdue` (past due), `due-today` (due later today, UK time),
 * `due` (due after today), `paused` (waiting for the traveller's changes: the clock stops), `met` / `missed`
 * (lodged before or after it was due).
 */
export const DueState = z.enum(['overdue', 'due-today', 'due', 'paused', 'met', 'missed']);
export type DueState = z.infer<typeof DueState>;

/** An application's due date and where it stands; null before it is submitted. */
export const Due = z.object({
  /** When it is due (ISO); while paused, as it would be if the traveller answered now. */
  at: text(),
  state: DueState,
  /** The processing option's promise, in hours. */
  hours: z.number().int(),
});
export type Due = z.infer<typeof Due>;

/** A member of staff, as named on a list or an assignment. */
export const StaffMember = z.object({
  id: text(),
  name: text(),
  email: text(),
});
export type StaffMember = z.infer<typeof StaffMember>;

/** `GET /api/admin/staff`: the staff who can be given work (active accounts), and which of them is asking. */
export const StaffListResponse = z.object({ staff: z.array(StaffMember), me: text() });
export type StaffListResponse = z.infer<typeof StaffListResponse>;

/** The work-queue filters of the staff list (each optional). */
export const QueueDue = z.enum(['overdue', 'today'], CHOOSE_FROM_LIST);
export type QueueDue = z.infer<typeof QueueDue>;
export const QueueAssignee = z.enum(['me', 'none'], CHOOSE_FROM_LIST);
export type QueueAssignee = z.infer<typeof QueueAssignee>;

/**
 * `PUT /api/admin/applications/:id/assignee`: give the application to a member of staff (yourself included), or
 * to nobody (`null`).
 */
export const AssignBody = z.object({ assigneeId: Uuid.nullable() });
export type AssignBody = z.input<typeof AssignBody>;

/** `POST /api/admin/applications/assignee`: the same for a selection of rows (at most a page). */
export const BulkAssignBody = z.object({
  ids: z
    .array(Uuid, { error: AdminText.selectionRequired })
    .min(1, AdminText.selectionRequired)
    .max(100, atMostItems(100)),
  assigneeId: Uuid.nullable(),
});
export type BulkAssignBody = z.input<typeof BulkAssignBody>;

export const AssignResponse = z.object({
  /** The applications whose assignee changed (one already with that assignee is left as it is). */
  changed: z.number().int(),
  assignee: StaffMember.nullable(),
});
export type AssignResponse = z.infer<typeof AssignResponse>;

/** `POST /api/admin/applications/:id/notes`: an internal note, for staff only. */
export const NoteBody = z.object({
  body: text({ error: AdminText.noteRequired })
    .trim()
    .min(1, AdminText.noteRequired)
    .max(2000, AdminText.noteTooLong),
});
export type NoteBody = z.input<typeof NoteBody>;

/** An internal note on an application: who wrote it and when. Never shown to the traveller. */
export const ApplicationNote = z.object({
  id: text(),
  at: text(),
  author: text(),
  body: text(),
});
export type ApplicationNote = z.infer<typeof ApplicationNote>;

/** The work queue's counts on the dashboard. */
export const QueueCounts = z.object({
  overdue: z.number().int(),
  dueToday: z.number().int(),
  unassigned: z.number().int(),
  mine: z.number().int(),
});
export type QueueCounts = z.infer<typeof QueueCounts>;

/** `POST /api/admin/applications/:id/notes`: the application's notes after the new one, oldest first. */
export const NotesResponse = z.object({ notes: z.array(ApplicationNote) });
export type NotesResponse = z.infer<typeof NotesResponse>;
