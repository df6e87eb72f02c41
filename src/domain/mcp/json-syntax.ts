/**
 * Locates the first syntax error of a JSON text (RFC 8259), so that an import can answer
 * `mcp.import_json_invalid` with the parser position without echoing any of the text (it may
 * hold secrets; V8's own messages quote a snippet of the input).
 */

/** Where a JSON text stops being valid. `offset` is 0-based (UTF-16 units); line/column 1-based. */
export interface JsonSyntaxError {
  offset: number;
  line: number;
  column: number;
  reason: string;
}

const MAX_DEPTH = 1000;

class Failure {
  constructor(
    readonly offset: number,
    readonly reason: string,
  ) {}
}

/** Returns the first syntax error of `text`, or null when it is valid JSON. */
export function findJsonSyntaxError(text: string): JsonSyntaxError | null {
  let i = 0;
  const fail = (reason: string): never => {
    throw new Failure(i, reason);
  };
  const ws = () => {
    while (i < text.length && (text[i] === " " || text[i] === "\t" || text[i] === "\n" || text[i] === "\r")) i += 1;
  };
  const literal = (word: string) => {
    if (text.startsWith(word, i)) i += word.length;
    else fail("unexpected token");
  };
  const string = () => {
    i += 1;
    for (;;) {
      if (i >= text.length) fail("unterminated string");
      const ch = text.charCodeAt(i);
      if (ch === 0x22) {
        i += 1;
        return;
      }
      if (ch < 0x20) fail("control character in string");
      if (ch === 0x5c) {
        const next = text[i + 1];
        if (next === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
            i += 1;
            fail("bad unicode escape");
          }
          i += 6;
        } else if (next !== undefined && '"\\/bfnrt'.includes(next)) i += 2;
        else {
          i += 1;
          fail("bad escape");
        }
      } else i += 1;
    }
  };
  const number = () => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!match || match[0] === "" || match[0] === "-") fail("bad number");
    i += match![0].length;
  };
  const value = (depth: number): void => {
    if (depth > MAX_DEPTH) fail("nesting too deep");
    ws();
    const ch = text[i];
    if (ch === "{") {
      i += 1;
      ws();
      if (text[i] === "}") {
        i += 1;
        return;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail("expected a property name in double quotes");
        string();
        ws();
        if (text[i] !== ":") fail("expected ':' after a property name");
        i += 1;
        value(depth + 1);
        ws();
        if (text[i] === ",") {
          i += 1;
          continue;
        }
        if (text[i] === "}") {
          i += 1;
          return;
        }
        fail("expected ',' or '}'");
      }
    } else if (ch === "[") {
      i += 1;
      ws();
      if (text[i] === "]") {
        i += 1;
        return;
      }
      for (;;) {
        value(depth + 1);
        ws();
        if (text[i] === ",") {
          i += 1;
          continue;
        }
        if (text[i] === "]") {
          i += 1;
          return;
        }
        fail("expected ',' or ']'");
      }
    } else if (ch === '"') string();
    else if (ch === "t") literal("true");
    else if (ch === "f") literal("false");
    else if (ch === "n") literal("null");
    else if (ch === "-" || (ch !== undefined && ch >= "0" && ch <= "9")) number();
    else fail(ch === undefined ? "unexpected end of input" : "unexpected token");
  };
  try {
    value(0);
    ws();
    if (i < text.length) fail("unexpected text after the JSON value");
    return null;
  } catch (error) {
    if (!(error instanceof Failure)) throw error;
    const before = text.slice(0, error.offset);
    const line = before.split("\n").length;
    const column = error.offset - before.lastIndexOf("\n");
    return { offset: error.offset, line, column, reason: error.reason };
  }
}
