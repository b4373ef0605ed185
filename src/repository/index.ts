export type { Repository, CreateInput, Patch, ScopeOptions, ListItem, SelectFields, SelectList } from './repository';
