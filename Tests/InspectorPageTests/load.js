// load.js: loads the inspector page's scripts (Sources/ReduxKitLinuxDevtools/Inspector/Page) into
// this Node process, as the page does: each defines a namespace of globalThis.ReduxKitInspector.
// Not a test itself (the runner runs the *.test.js files).
'use strict';
const path = require('node:path');

const PAGE = path.join(__dirname, '..', '..', 'Sources', 'ReduxKitLinuxDevtools', 'Inspector', 'Page');

/** Loads `names` (file names in Page/, each after the files it uses) and returns the namespaces. */
function load(...names) {
  for (const name of names) require(path.join(PAGE, name));
  return globalThis.ReduxKitInspector;
}

module.exports = {PAGE, load};
