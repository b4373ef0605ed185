import { z } from 'zod';
import { defineResource } from 'pagelope';

/** One user record of the demo domain. */
export const userSchema = z.object({
  id: z.string().min(1).max(128),
  username: z.string().min(1).max(64),
  email: z.email().max(254),
  status: z.enum(['active', 'inactive', 'banned']),
  age: z.number().int().min(0).max(150),
  createdAt: z.coerce.date(),
});

export type User = z.output<typeof userSchema>;

/** The demo's `users` resource. */
export const users = defineResource({
  name: 'users',
  schema: userSchema,
  filterable: ['username', 'email', 'status', 'age', 'createdAt'],
  sortable: ['username', 'age', 'createdAt'],
  searchable: ['username', 'email'],
});
