/** Errors: AppError and its RPC form, and the error catalogue (docs/spec/hosted.md §6). */
export { AppError, type ErrorInfo, type Result, toResult, unwrap } from "./app-error";
export {
  type CatalogueEntry,
  defaultMessage,
  ERROR_CATALOGUE,
  type ErrorCode,
  errorStatus,
  isErrorCode,
} from "./catalogue/index";
