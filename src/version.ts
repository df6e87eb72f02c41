/** The release version reported by /api/v1/health (kept equal to package.json by a unit test). */
export const VERSION = "0.1.0";
