/**
 * In-memory caches that keep at most a number of entries, oldest stored first out (a Map keeps
 * insertion order). Used by the object's memories: HotRows, the run memo, opened API keys,
 * model gateways, verified device tokens and MCP call tombstones (docs/decisions/3101, 3450).
 */

/**
 * Stores `key` → `value` in `map` as its newest entry; when `map` already holds `max` other
 * entries, the oldest one is dropped first.
 */
export function rememberBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  if (map.size >= max) map.delete(map.keys().next().value as K);
  map.set(key, value);
}
