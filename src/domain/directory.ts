/** The name of the one `UserDirectory` Durable Object (`idFromName`; ADR 2702). */
export const DIRECTORY_OBJECT_NAME = "directory";
