import { z } from 'zod';

// What the write endpoints answer (the spec's MongoDB-style results), one schema each.

export const insertedIdSchema = z.object({ insertedId: z.string() });
export const modifiedCountSchema = z.object({ modifiedCount: z.number().int() });
export const matchedCountSchema = z.object({ matchedCount: z.number().int() });
export const deletedCountSchema = z.object({ deletedCount: z.number().int() });

export type InsertedId = z.infer<typeof insertedIdSchema>;
export type ModifiedCount = z.infer<typeof modifiedCountSchema>;
export type MatchedCount = z.infer<typeof matchedCountSchema>;
export type DeletedCount = z.infer<typeof deletedCountSchema>;
