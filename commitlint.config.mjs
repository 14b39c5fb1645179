// Commit messages: a short conventional header (`fix(core): refuse unknown keys in tasks options`), the detail and any
// figures in the body. `npm run check:commits` applies it to the commits made since tooling/commits/since.json.
export default {
  extends: ['@commitlint/config-conventional'],
  rules: {
    'header-max-length': [2, 'always', 72],
    // the body carries the detail as paragraphs, often unwrapped: its lines are not counted
    'body-max-line-length': [0],
    'footer-max-line-length': [0],
  },
};
