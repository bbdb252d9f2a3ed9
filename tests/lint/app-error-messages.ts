import ts from 'typescript';

// The check behind app-error-messages.test.ts, read from each file's syntax alone (no type checker, so the
// whole tree is read in seconds). On purpose a strict reading: a message it cannot follow to an id is reported,
// and the file is fixed (the message given by its id) or, when only staff read it, the file is listed there.

/** Names that hold a message by its id: `MESSAGE_REFS`, `PORTAL_REFUSAL_REFS`, `invalidRef`, `step.messageRef`. */
const REF_NAME = /(Ref|REF|Refs|REFS)$/;

type Declarations = Map<string, ts.Node[]>;

/** Every variable, parameter and function the file declares, by name (scopes ignored: all must be refs). */
function declarationsOf(source: ts.SourceFile): Declarations {
  const found: Declarations = new Map();
  const add = (name: ts.Node, node: ts.Node) => {
    if (!ts.isIdentifier(name)) return;
    found.set(name.text, [...(found.get(name.text) ?? []), node]);
  };
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) || ts.isParameter(node) || ts.isFunctionDeclaration(node)) {
      if (node.name) add(node.name, node);
    }
    if (ts.isBindingElement(node)) add(node.name, node);
    if (ts.isImportSpecifier(node) || ts.isImportClause(node)) {
      if (node.name) add(node.name, node);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** A type written as a message by its id, with no plain string beside it. */
const refType = (type: ts.TypeNode | undefined) => {
  // A record's keys are strings (`Record<string, MessageRef>`): only its values count.
  const text = type?.getText().replace(/Record<\s*string\s*,/g, 'Record<') ?? '';
  return /\bMessageRef\b/.test(text) && !/\bstring\b/.test(text);
};

/** Whether `expression` is a message given by its id (or none at all, the code's own default). */
function isRef(expression: ts.Expression, declarations: Declarations, depth = 0): boolean {
  if (depth > 8) return false;
  const again = (inner: ts.Expression) => isRef(inner, declarations, depth + 1);
  if (
    ts.isParenthesizedExpression(expression) ||
    ts.isAsExpression(expression) ||
    ts.isSatisfiesExpression(expression) ||
    ts.isNonNullExpression(expression)
  ) {
    return again(expression.expression);
  }
  if (ts.isConditionalExpression(expression))
    return again(expression.whenTrue) && again(expression.whenFalse);
  if (ts.isBinaryExpression(expression)) {
    const operator = expression.operatorToken.kind;
    if (operator === ts.SyntaxKind.AmpersandAmpersandToken) return again(expression.right);
    if (operator === ts.SyntaxKind.QuestionQuestionToken || operator === ts.SyntaxKind.BarBarToken) {
      return again(expression.left) && again(expression.right);
    }
    return false;
  }
  if (ts.isCallExpression(expression)) {
    const callee = expression.expression;
    const name = ts.isIdentifier(callee)
      ? callee.text
      : ts.isPropertyAccessExpression(callee)
        ? callee.name.text
        : '';
    if (name === 'messageRef' || REF_NAME.test(name)) return true;
    // A function of the file's own: by its declared return type, or an arrow's expression.
    return ts.isIdentifier(callee) && declared(callee.text, declarations, again);
  }
  if (ts.isPropertyAccessExpression(expression)) {
    return REF_NAME.test(expression.name.text) || REF_NAME.test(expression.expression.getText());
  }
  if (ts.isElementAccessExpression(expression)) return REF_NAME.test(expression.expression.getText());
  if (ts.isIdentifier(expression)) {
    if (expression.text === 'undefined' || REF_NAME.test(expression.text)) return true;
    return declared(expression.text, declarations, again);
  }
  return false;
}

/** Whether every declaration of `name` in the file holds a message by its id. */
function declared(name: string, declarations: Declarations, check: (e: ts.Expression) => boolean): boolean {
  const nodes = declarations.get(name) ?? [];
  if (nodes.length === 0) return false;
  return nodes.every((node) => {
    if (ts.isVariableDeclaration(node)) {
      if (node.type) return refType(node.type);
      const init = node.initializer;
      if (init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) {
        if (init.type) return refType(init.type);
        return !ts.isBlock(init.body) && check(init.body);
      }
      return init !== undefined && check(init);
    }
    if (ts.isParameter(node)) return refType(node.type);
    if (ts.isFunctionDeclaration(node)) return refType(node.type);
    return false;
  });
}

/** The field messages an AppError is given (`{ fieldErrors: {...} }`), each expression to check. */
function fieldMessages(extra: ts.Expression | undefined, declarations: Declarations): ts.Node[] {
  if (!extra || !ts.isObjectLiteralExpression(extra)) return [];
  const plain: ts.Node[] = [];
  for (const property of extra.properties) {
    if (property.name?.getText() !== 'fieldErrors') continue;
    if (ts.isShorthandPropertyAssignment(property)) {
      const ok = (declarations.get(property.name.text) ?? []).every(
        (node) => ts.isVariableDeclaration(node) && refType(node.type),
      );
      if (!ok || !declarations.has(property.name.text)) plain.push(property);
      continue;
    }
    if (!ts.isPropertyAssignment(property)) {
      plain.push(property);
      continue;
    }
    const value = property.initializer;
    if (!ts.isObjectLiteralExpression(value)) {
      plain.push(value);
      continue;
    }
    for (const field of value.properties) {
      if (ts.isPropertyAssignment(field)) {
        if (!isRef(field.initializer, declarations)) plain.push(field);
      } else if (ts.isShorthandPropertyAssignment(field)) {
        if (!isRef(field.name, declarations)) plain.push(field);
      } else {
        plain.push(field);
      }
    }
  }
  return plain;
}

/**
 * Where a file throws an AppError whose message, or one of its field messages, is not given by its id: each as
 * `file:line` and the expression, so a test lists exactly what is left.
 */
export function plainAppErrorMessages(file: string, text: string): string[] {
  if (!text.includes('AppError(')) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const declarations = declarationsOf(source);
  const found: string[] = [];
  const report = (node: ts.Node) =>
    found.push(
      `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${node.getText().replace(/\s+/g, ' ')}`,
    );
  const visit = (node: ts.Node) => {
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'AppError') {
      const [, message, extra] = node.arguments ?? [];
      if (message && !isRef(message, declarations)) report(message);
      for (const field of fieldMessages(extra, declarations)) report(field);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
