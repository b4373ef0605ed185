import { repositoryContract } from 'pagelope/testing';
import { createArrayRepository } from './array-repository';

// The array repository uses only `pagelope` and `pagelope/kit`; the shipped contract holds it to the behaviour of the
// memory and PostgreSQL repositories.
repositoryContract('array repository on pagelope/kit', (resource, records) => createArrayRepository(resource, records));
