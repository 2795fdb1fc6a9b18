/**
 * Text in the "C" collation: ordering by bytes and ASCII-only case folding in
 * lower(), exactly as SQLite's default BINARY collation and lower() do, whatever
 * the database's locale.
 */
export const T = 'text COLLATE "C"';
