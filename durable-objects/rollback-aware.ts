/**
 * The object's storage as handed to its Space (docs/decisions/3450): the same storage, whose
 * `transactionSync` also calls `rolledBack` when its function throws:
 * the transaction's writes are undone, so rows kept in memory (HotRows) may be newer than SQLite.
 */
export function rollbackAware(storage: DurableObjectStorage, rolledBack: () => void): DurableObjectStorage {
  const transactionSync = <T>(fn: () => T): T => {
    try {
      return storage.transactionSync(fn);
    } catch (error) {
      rolledBack();
      throw error;
    }
  };
  return new Proxy(storage, {
    get(target, prop) {
      if (prop === "transactionSync") return transactionSync;
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
