// The page's files as InspectorPageFiles.swift puts them together: each script defines one
// namespace and uses only namespaces of scripts loaded before it; nothing in them can end the
// page's <script> or <style> block; page.html has each placeholder the Swift side fills.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const {PAGE} = require('./load.js');

const swift = fs.readFileSync(path.join(PAGE, '..', 'InspectorPageFiles.swift'), 'utf8');
const order = Array.from(swift.matchAll(/\("([\w-]+\.js)", PackageResources\.(\w+)\)/g), (match) => match[1]);
const read = (name) => fs.readFileSync(path.join(PAGE, name), 'utf8');
const defined = (source) => Array.from(source.matchAll(/^ {2}inspector\.(\w+) = /gm), (match) => match[1]);
const used = (source) => new Set(Array.from(source.matchAll(/= inspector\.(\w+);/g), (match) => match[1]));

test('InspectorPageFiles.swift lists every script of Page/, once', () => {
  const scripts = fs.readdirSync(PAGE).filter((name) => name.endsWith('.js')).sort();
  assert.deepEqual([...order].sort(), scripts);
  assert.ok(order.length >= 10);
});

test('each script defines one namespace and uses only those of the scripts before it', () => {
  const before = new Set();
  for (const name of order) {
    const source = read(name);
    const names = defined(source);
    assert.equal(names.length, 1, `${name} defines ${names}`);
    for (const dependency of used(source)) {
      assert.ok(before.has(dependency), `${name} uses ReduxKitInspector.${dependency}, not loaded before it`);
    }
    // Its header says what it defines and names each file it uses.
    const header = source.slice(0, source.indexOf('(function'));
    assert.match(header, new RegExp('Defines ReduxKitInspector\\.' + names[0]), name);
    for (const dependency of used(source)) assert.match(header, new RegExp('\\.' + dependency + '\\b'), name);
    before.add(names[0]);
  }
});

test('in the page\'s order, the scripts load with no document, each adding its namespace', () => {
  const context = vm.createContext({structuredClone, performance});
  for (const name of order) {
    vm.runInContext(read(name), context, {filename: name});
    assert.ok(context.ReduxKitInspector[defined(read(name))[0]], name);
  }
  assert.equal(typeof context.ReduxKitInspector.controller.start, 'function');
});

test('out of order, a script fails at once, naming what it misses', () => {
  const context = vm.createContext({});
  assert.throws(() => vm.runInContext(read('patch.js'), context), /path/);
});

test('no script or style sheet can end its block, start markup or reach the network', () => {
  for (const name of [...order, 'style.css']) {
    const source = read(name).toLowerCase();
    for (const forbidden of ['</script', '<script', '</style', '<!--', 'http:', 'https:', 'src=', 'href=', 'url(',
      '@import', 'innerhtml', 'outerhtml', 'eval(', 'new function', '{{']) {
      assert.ok(!source.includes(forbidden), `${name} holds ${forbidden}`);
    }
  }
});

test('page.html has each placeholder the Swift side fills, and no other', () => {
  const html = read('page.html');
  const placeholders = Array.from(html.matchAll(/\{\{([\w-]+)\}\}/g), (match) => match[1]);
  assert.deepEqual(placeholders, ['content-security-policy', 'title', 'style', 'title', 'data', 'script']);
  assert.match(html, /^<!DOCTYPE html>\n/);
  assert.match(html, /ReduxKitInspector\.controller\.start\(\);\n<\/script>\n<\/body>\n<\/html>\n$/);
});
