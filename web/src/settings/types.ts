/** Account data shapes of docs/api.md "Account data", from src/contracts (type-only). */
export type { ExportView, RestorePreview, RestoreView } from "../../../src/contracts/data-views";
