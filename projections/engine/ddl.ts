/**
 * A projection's DDL as the tables and the secondary indexes on them. A rebuild that writes all
 * rows at once creates the tables bare and the indexes afterwards: one sort per index instead of
 * an index update per row. Primary keys stay with their tables.
 */
export function splitDdl(ddl: string): { tables: string; indexes: string } {
  // Comments go first: their text may hold semicolons. The DDL holds no string with `--` or `;`.
  const statements = ddl
    .replace(/--[^\n]*/g, '')
    .split(';')
    .map((statement) => statement.trim())
    .filter((statement) => statement !== '');
  const isIndex = (statement: string) => /^CREATE\s+(UNIQUE\s+)?INDEX\b/i.test(statement);
  const join = (list: string[]) => list.map((statement) => `${statement};`).join('\n');
  return { tables: join(statements.filter((s) => !isIndex(s))), indexes: join(statements.filter(isIndex)) };
}
