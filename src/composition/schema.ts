/** Composition: the storage schema entry points the Durable Object needs (see adapters/storage/migrations). */
export { hasSchema, migrate } from "../adapters/storage/migrations";
