// Which of class-validator's decorators may share one constraint class across their uses (read by
// generate-validators-entry.mjs; see packages/core/src/accelerators/validation/shared-constraint.ts). A decorator qualifies
// when its source is exactly `return ValidateBy({ name, constraints?, validator: { validate, defaultMessage:
// buildMessage(template, <last parameter>) } }, <last parameter>)`, its name does not depend on the arguments,
// and neither `validate` nor the template reads a parameter, `this` or `arguments`: then two uses differ only
// in their constraints (passed to validate and the message in ValidationArguments) and in `each`.
import ts from 'typescript';

function callOf(node, object, property) {
  if (!node || !ts.isCallExpression(node)) return false;
  let callee = node.expression;
  // TypeScript's CommonJS output calls imports as `(0, Module_1.name)(...)`
  if (ts.isParenthesizedExpression(callee) && ts.isBinaryExpression(callee.expression))
    callee = callee.expression.right;
  return (
    ts.isPropertyAccessExpression(callee) &&
    ts.isIdentifier(callee.expression) &&
    callee.expression.text === object &&
    callee.name.text === property
  );
}

/** Every name an expression reads (not property names after a dot or before a colon), and `this`. */
function namesRead(node) {
  const names = [];
  const visit = (n) => {
    if (ts.isIdentifier(n)) {
      const parent = n.parent;
      const isKey =
        (ts.isPropertyAccessExpression(parent) && parent.name === n) ||
        ((ts.isPropertyAssignment(parent) || ts.isMethodDeclaration(parent)) && parent.name === n);
      if (!isKey) names.push(n.text);
    }
    if (n.kind === ts.SyntaxKind.ThisKeyword) names.push('this');
    ts.forEachChild(n, visit);
  };
  visit(node);
  return names;
}

/** Why `fn` (a function declaration) cannot share its constraint class, or '' when it can. */
function refusal(fn) {
  const params = fn.parameters.map((p) => p.name.getText());
  const last = params[params.length - 1];
  const reads = (node) =>
    namesRead(node).some((name) => params.includes(name) || name === 'this' || name === 'arguments');
  const body = fn.body?.statements ?? [];
  if (body.length !== 1 || !ts.isReturnStatement(body[0])) return 'does more than return ValidateBy(...)';
  const call = body[0].expression;
  if (!callOf(call, 'ValidateBy_1', 'ValidateBy')) return 'does not return ValidateBy(...)';
  const [options, validationOptions] = call.arguments;
  if (!validationOptions || validationOptions.getText() !== last) return 'does not pass its last parameter as options';
  if (!options || !ts.isObjectLiteralExpression(options)) return 'its ValidateBy options are not an object literal';
  const keys = Object.fromEntries(options.properties.map((p) => [p.name?.getText(), p]));
  if (!keys.name || !ts.isPropertyAssignment(keys.name) || reads(keys.name.initializer))
    return 'its name depends on the arguments';
  const validator = keys.validator?.initializer;
  if (!validator || !ts.isObjectLiteralExpression(validator)) return 'its validator is not an object literal';
  const members = Object.fromEntries(validator.properties.map((p) => [p.name?.getText(), p]));
  if (Object.keys(members).sort().join() !== 'defaultMessage,validate') return 'its validator has other members';
  if (reads(members.validate)) return 'its validate reads the arguments';
  const message = members.defaultMessage.initializer;
  if (!callOf(message, 'ValidateBy_1', 'buildMessage') || message.arguments.length !== 2)
    return 'its message is not buildMessage(...)';
  if (message.arguments[1].getText() !== last) return 'its message is built from other options';
  if (reads(message.arguments[0])) return 'its message template reads the arguments';
  return '';
}

/** The decorator functions of a class-validator cjs file's source, each with '' or why it cannot share. */
export function shareability(source) {
  const file = ts.createSourceFile('decorator.js', source, ts.ScriptTarget.ES2020, true);
  const out = new Map();
  for (const statement of file.statements)
    if (ts.isFunctionDeclaration(statement) && statement.name && /^[A-Z]/.test(statement.name.text))
      out.set(statement.name.text, refusal(statement));
  return out;
}
