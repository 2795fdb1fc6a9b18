/**
 * The syntax of the record engine's condition language: a tokenizer and a
 * recursive-descent parser from source text to an AST. Nothing here evaluates;
 * see `expression.ts` for the evaluator and the module's public face.
 *
 * Precedence, lowest first: `or`, `and`, `not`, comparisons (`== != < <= > >=`,
 * `in`, `not in`), `+ -`, `* /`, unary minus, then literals, identifiers, calls
 * and parentheses. An identifier may be a dotted path (`before.stage`,
 * `client.city`): one name, looked up as a whole among the values given; what
 * reads it says which paths it offers (an automation rule's condition), and a
 * declaration's own conditions, which name only the record's fields, refuse them.
 */

/** Longest source accepted. */
export const EXPRESSION_MAX_LENGTH = 500;
/** Deepest nesting of the syntax tree accepted. */
export const EXPRESSION_MAX_DEPTH = 32;

/** The functions of the language and how many arguments each takes. */
export const EXPRESSION_FUNCTIONS: Readonly<Record<string, { min: number; max: number }>> = {
  today: { min: 0, max: 0 },
  len: { min: 1, max: 1 },
  is_set: { min: 1, max: 1 },
  lower: { min: 1, max: 1 },
  round: { min: 1, max: 2 },
  min: { min: 1, max: 16 },
  max: { min: 1, max: 16 },
  abs: { min: 1, max: 1 },
  if: { min: 3, max: 3 },
  add_days: { min: 2, max: 2 },
};

/** A binary operator. */
export type BinaryOperator =
  | "=="
  | "!="
  | "<"
  | "<="
  | ">"
  | ">="
  | "+"
  | "-"
  | "*"
  | "/"
  | "and"
  | "or";

/** A parsed expression. */
export type Expression =
  | { kind: "literal"; value: string | number | boolean | null }
  | { kind: "identifier"; name: string }
  | { kind: "not"; operand: Expression }
  | { kind: "negate"; operand: Expression }
  | { kind: "binary"; op: BinaryOperator; left: Expression; right: Expression }
  | { kind: "in"; value: Expression; list: Expression[]; negated: boolean }
  | { kind: "call"; name: string; args: Expression[] };

/** A source the language refuses, with the character offset where the problem is. */
export class ExpressionError extends Error {
  readonly position: number;
  constructor(problem: string, position: number) {
    super(`${problem} at ${position}`);
    this.name = "ExpressionError";
    this.position = position;
  }
}

type TokenKind = "number" | "string" | "name" | "symbol" | "end";
interface Token {
  kind: TokenKind;
  text: string;
  value?: string | number;
  at: number;
}

const KEYWORDS = new Set(["and", "or", "not", "in", "true", "false", "null"]);
const SYMBOLS = ["==", "!=", "<=", ">=", "<", ">", "+", "-", "*", "/", "(", ")", "[", "]", ","];
const ESCAPES: Readonly<Record<string, string>> = { n: "\n", t: "\t" };

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const char = source[i];
    if (/\s/.test(char)) {
      i++;
      continue;
    }
    const start = i;
    if (/[0-9]/.test(char)) {
      const match = /^[0-9]+(\.[0-9]+)?/.exec(source.slice(i))!;
      const value = Number(match[0]);
      if (!Number.isFinite(value)) throw new ExpressionError("Number out of range", start);
      i += match[0].length;
      if (/[A-Za-z_]/.test(source[i] ?? "")) throw new ExpressionError("Malformed number", start);
      tokens.push({ kind: "number", text: match[0], value, at: start });
    } else if (/[A-Za-z_]/.test(char)) {
      const match = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*/.exec(source.slice(i))!;
      i += match[0].length;
      tokens.push({ kind: "name", text: match[0], at: start });
    } else if (char === "'" || char === '"') {
      let text = "";
      i++;
      for (;;) {
        if (i >= source.length) throw new ExpressionError("Unterminated string", start);
        const c = source[i];
        if (c === char) break;
        if (c === "\\") {
          i++;
          if (i >= source.length) throw new ExpressionError("Unterminated string", start);
          text += ESCAPES[source[i]] ?? source[i];
        } else text += c;
        i++;
      }
      i++;
      tokens.push({ kind: "string", text: source.slice(start, i), value: text, at: start });
    } else {
      const symbol = SYMBOLS.find((s) => source.startsWith(s, i));
      if (symbol === undefined) throw new ExpressionError(`Unexpected character "${char}"`, start);
      i += symbol.length;
      tokens.push({ kind: "symbol", text: symbol, at: start });
    }
  }
  tokens.push({ kind: "end", text: "", at: source.length });
  return tokens;
}

/** Parses one expression; throws ExpressionError naming the problem and its offset. */
export function parseExpression(source: string): Expression {
  if (typeof source !== "string") throw new ExpressionError("Expression is not text", 0);
  if (source.length > EXPRESSION_MAX_LENGTH) {
    throw new ExpressionError(
      `Expression is longer than ${EXPRESSION_MAX_LENGTH} characters`,
      EXPRESSION_MAX_LENGTH,
    );
  }
  if (source.trim() === "") throw new ExpressionError("Expression is empty", 0);
  return new Parser(tokenize(source)).parseWhole();
}

/** Depth of every node built, so that the evaluator's recursion stays bounded. */
const depths = new WeakMap<Expression, number>();

class Parser {
  #tokens: Token[];
  #next = 0;

  constructor(tokens: Token[]) {
    this.#tokens = tokens;
  }

  parseWhole(): Expression {
    const expression = this.#or();
    const rest = this.#peek();
    if (rest.kind !== "end") throw new ExpressionError(`Unexpected "${rest.text}"`, rest.at);
    return expression;
  }

  #peek(): Token {
    return this.#tokens[this.#next];
  }

  #take(): Token {
    return this.#tokens[this.#next++];
  }

  #isWord(word: string, offset = 0): boolean {
    const token = this.#tokens[this.#next + offset];
    return token?.kind === "name" && token.text === word;
  }

  #isSymbol(symbol: string): boolean {
    const token = this.#peek();
    return token.kind === "symbol" && token.text === symbol;
  }

  #expect(symbol: string): void {
    const token = this.#take();
    if (token.kind !== "symbol" || token.text !== symbol) {
      const found = token.kind === "end" ? "the end" : `"${token.text}"`;
      throw new ExpressionError(`Expected "${symbol}" but found ${found}`, token.at);
    }
  }

  #node(node: Expression, at: number, children: Expression[]): Expression {
    const depth = 1 + Math.max(0, ...children.map((c) => depths.get(c) ?? 1));
    if (depth > EXPRESSION_MAX_DEPTH) {
      throw new ExpressionError(`Expression is nested deeper than ${EXPRESSION_MAX_DEPTH}`, at);
    }
    depths.set(node, depth);
    return node;
  }

  #binary(
    operand: () => Expression,
    operators: readonly string[],
    isWord: boolean,
  ): Expression {
    let left = operand();
    for (;;) {
      const token = this.#peek();
      const matches = isWord ? token.kind === "name" : token.kind === "symbol";
      if (!matches || !operators.includes(token.text)) return left;
      this.#take();
      const right = operand();
      const op = token.text as BinaryOperator;
      left = this.#node({ kind: "binary", op, left, right }, token.at, [left, right]);
    }
  }

  #or(): Expression {
    return this.#binary(() => this.#and(), ["or"], true);
  }

  #and(): Expression {
    return this.#binary(() => this.#not(), ["and"], true);
  }

  #not(): Expression {
    if (this.#isWord("not") && !this.#isWord("in", 1)) {
      const at = this.#take().at;
      const operand = this.#not();
      return this.#node({ kind: "not", operand }, at, [operand]);
    }
    return this.#comparison();
  }

  #comparison(): Expression {
    const left = this.#additive();
    const token = this.#peek();
    if (token.kind === "symbol" && ["==", "!=", "<", "<=", ">", ">="].includes(token.text)) {
      this.#take();
      const right = this.#additive();
      const op = token.text as BinaryOperator;
      return this.#node({ kind: "binary", op, left, right }, token.at, [left, right]);
    }
    const negated = this.#isWord("not") && this.#isWord("in", 1);
    if (negated || this.#isWord("in")) {
      if (negated) this.#take();
      this.#take();
      const list = this.#list();
      return this.#node({ kind: "in", value: left, list, negated }, token.at, [left, ...list]);
    }
    return left;
  }

  #list(): Expression[] {
    this.#expect("[");
    const items: Expression[] = [];
    if (!this.#isSymbol("]")) {
      do items.push(this.#additive()); while (this.#isSymbol(",") && this.#take());
    }
    this.#expect("]");
    return items;
  }

  #additive(): Expression {
    return this.#binary(() => this.#multiplicative(), ["+", "-"], false);
  }

  #multiplicative(): Expression {
    return this.#binary(() => this.#unary(), ["*", "/"], false);
  }

  #unary(): Expression {
    if (this.#isSymbol("-")) {
      const at = this.#take().at;
      const operand = this.#unary();
      return this.#node({ kind: "negate", operand }, at, [operand]);
    }
    return this.#primary();
  }

  #primary(): Expression {
    const token = this.#take();
    if (token.kind === "number" || token.kind === "string") {
      return this.#node({ kind: "literal", value: token.value! }, token.at, []);
    }
    if (token.kind === "symbol" && token.text === "(") {
      const inner = this.#or();
      this.#expect(")");
      return this.#node(inner, token.at, [inner]);
    }
    if (token.kind === "name") {
      if (token.text === "true" || token.text === "false") {
        return this.#node({ kind: "literal", value: token.text === "true" }, token.at, []);
      }
      if (token.text === "null") return this.#node({ kind: "literal", value: null }, token.at, []);
      if (KEYWORDS.has(token.text)) {
        throw new ExpressionError(`Unexpected "${token.text}"`, token.at);
      }
      if (this.#isSymbol("(")) return this.#call(token);
      return this.#node({ kind: "identifier", name: token.text }, token.at, []);
    }
    const found = token.kind === "end" ? "end of expression" : `"${token.text}"`;
    throw new ExpressionError(`Unexpected ${found}`, token.at);
  }

  #call(name: Token): Expression {
    const arity = Object.hasOwn(EXPRESSION_FUNCTIONS, name.text)
      ? EXPRESSION_FUNCTIONS[name.text]
      : undefined;
    if (arity === undefined) throw new ExpressionError(`Unknown function "${name.text}"`, name.at);
    this.#expect("(");
    const args: Expression[] = [];
    if (!this.#isSymbol(")")) {
      do args.push(this.#or()); while (this.#isSymbol(",") && this.#take());
    }
    this.#expect(")");
    if (args.length < arity.min || args.length > arity.max) {
      const wanted = arity.min === arity.max
        ? `${arity.min} argument${arity.min === 1 ? "" : "s"}`
        : `${arity.min} to ${arity.max} arguments`;
      throw new ExpressionError(`Function "${name.text}" takes ${wanted}`, name.at);
    }
    return this.#node({ kind: "call", name: name.text, args }, name.at, args);
  }
}
