// GUI Bridge - accessibility (AX) helper for macOS.
//
// A persistent process the bridge starts with `osascript -l JavaScript ax-helper.js`. JavaScript
// for Automation with the Objective-C bridge calls the AX C API (AXUIElementCopyAttributeValue,
// AXUIElementPerformAction, ...) directly: no native build. It speaks JSON lines over stdin/stdout
// (see src/platform/shared-desktop/helperProtocol.ts):
//   -> {"id":1,"method":"tree","params":{"pid":501,"windowId":88,"maxNodes":5000,"maxDepth":64,"deadlineMs":3000}}
//   <- {"id":1,"ok":true,"result":{...}}   or   {"id":1,"ok":false,"error":{"code":"...","message":"..."}}
// Methods: windows, tree, children, perform, setValue, setNumber, setBool, readText, activate, close.
// Element refs are "<windowId>:<pid>/r.<child index>.<child index>..." from the window (or sheet).
//
// Security: AXSecureTextField values are never read; only AXNumberOfCharacters tells empty from not.
// The accessibility permission belongs to the process that started us (Terminal, the IDE, node):
// without it every AX call fails and we answer "not_trusted".
'use strict';

ObjC.import('Foundation');
ObjC.import('AppKit');
ObjC.bindFunction('AXIsProcessTrusted', ['bool', []]);
ObjC.bindFunction('AXUIElementCreateApplication', ['id', ['int']]);
ObjC.bindFunction('AXUIElementCopyAttributeValue', ['int', ['id', 'id', 'id *']]);
ObjC.bindFunction('AXUIElementSetAttributeValue', ['int', ['id', 'id', 'id']]);
ObjC.bindFunction('AXUIElementPerformAction', ['int', ['id', 'id']]);
ObjC.bindFunction('AXUIElementCopyActionNames', ['int', ['id', 'id *']]);
ObjC.bindFunction('AXUIElementIsAttributeSettable', ['int', ['id', 'id', 'bool *']]);
ObjC.bindFunction('AXUIElementSetMessagingTimeout', ['int', ['id', 'float']]);
ObjC.bindFunction('_AXUIElementGetWindow', ['int', ['id', 'unsigned int *']]);
ObjC.bindFunction('CFCopyDescription', ['id', ['id']]);

var AX_API_DISABLED = -25211;
var AX_INVALID_ELEMENT = -25202;
var MAX_VALUE_CHARS = 10000;
var MESSAGING_TIMEOUT_S = 2;
var TEXT_ROLES = ['AXTextField', 'AXTextArea', 'AXComboBox', 'AXStaticText', 'AXSearchField'];
var elementsByRef = {};

function HelperError(code, message) {
  this.code = code;
  this.message = message;
}

function isNil(value) {
  return value === undefined || value === null || (typeof value.isNil === 'function' && value.isNil());
}

function copy(element, name) {
  var ref = Ref();
  var error = $.AXUIElementCopyAttributeValue(element, name, ref);
  if (error === AX_API_DISABLED) throw new HelperError('not_trusted', 'accessibility access is not allowed');
  if (error === AX_INVALID_ELEMENT) throw new HelperError('not_found', 'the element is gone');
  return error === 0 && !isNil(ref[0]) ? ref[0] : null;
}

function plain(element, name) {
  var value = copy(element, name);
  return value === null ? null : ObjC.unwrap(value);
}

function text(element, name) {
  var value = plain(element, name);
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

function flag(element, name) {
  var value = plain(element, name);
  return value === true || value === 1;
}

function list(element, name) {
  var value = plain(element, name);
  return Array.isArray(value) ? value : [];
}

// AXValue structs cannot cross the JXA bridge: read them from their description.
function frameOf(element) {
  var value = copy(element, 'AXFrame');
  if (value === null) return null;
  var found = /x:(-?[\d.]+) y:(-?[\d.]+) w:(-?[\d.]+) h:(-?[\d.]+)/.exec(ObjC.unwrap($.CFCopyDescription(value)));
  return found ? [Math.round(+found[1]), Math.round(+found[2]), Math.round(+found[3]), Math.round(+found[4])] : null;
}

function actionNames(element) {
  var ref = Ref();
  if ($.AXUIElementCopyActionNames(element, ref) !== 0 || isNil(ref[0])) return [];
  return ObjC.unwrap(ref[0]).map(function (name) { return ObjC.unwrap(name); });
}

function settable(element, name) {
  var ref = Ref();
  return $.AXUIElementIsAttributeSettable(element, name, ref) === 0 && ref[0] === true;
}

function windowNumber(element) {
  var ref = Ref();
  return $._AXUIElementGetWindow(element, ref) === 0 ? ref[0] : null;
}

function application(pid) {
  if (!$.AXIsProcessTrusted()) throw new HelperError('not_trusted', 'accessibility access is not allowed');
  var app = $.AXUIElementCreateApplication(pid);
  $.AXUIElementSetMessagingTimeout(app, MESSAGING_TIMEOUT_S);
  return app;
}

function sheetsOf(window) {
  return list(window, 'AXChildren').filter(function (child) { return text(child, 'AXRole') === 'AXSheet'; });
}

function describeWindow(element, pid, ownerId, index) {
  var id = windowNumber(element);
  var role = text(element, 'AXRole');
  return {
    windowId: id === null ? null : Number(id), pid: pid, index: index, ownerWindowId: ownerId,
    role: role, subrole: text(element, 'AXSubrole'), title: text(element, 'AXTitle'),
    modal: role === 'AXSheet' || flag(element, 'AXModal'), main: flag(element, 'AXMain'),
    focused: flag(element, 'AXFocused'), minimized: flag(element, 'AXMinimized'), frame: frameOf(element)
  };
}

function windowsOf(pid) {
  var found = [];
  list(application(pid), 'AXWindows').forEach(function (window, index) {
    var info = describeWindow(window, pid, null, index);
    found.push(info);
    sheetsOf(window).forEach(function (sheet, sheetIndex) {
      found.push(describeWindow(sheet, pid, info.windowId, sheetIndex));
    });
  });
  return found;
}

function runningApp(pid) {
  var app = $.NSRunningApplication.runningApplicationWithProcessIdentifier(pid);
  if (isNil(app)) return { pid: pid, bundleId: '', name: '' };
  return { pid: pid, bundleId: ObjC.unwrap(app.bundleIdentifier) || '', name: ObjC.unwrap(app.localizedName) || '' };
}

// The AX element of a window or sheet by its CGWindowID.
function windowElement(pid, windowId) {
  var windows = list(application(pid), 'AXWindows');
  for (var i = 0; i < windows.length; i++) {
    if (Number(windowNumber(windows[i])) === windowId) return windows[i];
    var sheets = sheetsOf(windows[i]);
    for (var j = 0; j < sheets.length; j++) if (Number(windowNumber(sheets[j])) === windowId) return sheets[j];
  }
  throw new HelperError('not_found', 'window ' + windowId + ' is gone');
}

function valueFields(node, element, role, subrole) {
  if (subrole === 'AXSecureTextField') {
    node.secure = true;
    node.charCount = Number(plain(element, 'AXNumberOfCharacters') || 0);
    node.valueSettable = settable(element, 'AXValue');
    return;
  }
  var value = plain(element, 'AXValue');
  if (typeof value === 'string') {
    node.value = value.length > MAX_VALUE_CHARS ? value.slice(0, MAX_VALUE_CHARS) : value;
    if (value.length > MAX_VALUE_CHARS) node.valueTruncated = true;
  } else if (typeof value === 'number' || typeof value === 'boolean') {
    node.value = String(Number(value));
  }
  if (TEXT_ROLES.indexOf(role) >= 0 || typeof value === 'number') node.valueSettable = settable(element, 'AXValue');
  if (typeof value === 'number') {
    node.min = plain(element, 'AXMinValue');
    node.max = plain(element, 'AXMaxValue');
  }
}

function toNode(element, ref, index, parent) {
  elementsByRef[ref] = element;
  var role = text(element, 'AXRole');
  var subrole = text(element, 'AXSubrole');
  var node = {
    i: index, p: parent, ref: ref, role: role, subrole: subrole,
    title: text(element, 'AXTitle'), description: text(element, 'AXDescription'), help: text(element, 'AXHelp'),
    identifier: text(element, 'AXIdentifier'), placeholder: text(element, 'AXPlaceholderValue'),
    enabled: flag(element, 'AXEnabled'), focused: flag(element, 'AXFocused'), selected: flag(element, 'AXSelected'),
    expanded: plain(element, 'AXExpanded'), modal: flag(element, 'AXModal'), frame: frameOf(element), actions: actionNames(element)
  };
  var label = copy(element, 'AXTitleUIElement');
  if (label !== null) node.titleElement = text(label, 'AXValue') || text(label, 'AXTitle');
  valueFields(node, element, role, subrole);
  return node;
}

// The children the owner's tree shows: sheets are windows of their own.
function visibleChildren(element) {
  return list(element, 'AXChildren').filter(function (child) { return text(child, 'AXRole') !== 'AXSheet'; });
}

// Breadth-first walk within the node, depth and time budget; a cut node carries childCount.
function walk(roots, maxNodes, maxDepth, deadlineMs) {
  var started = Date.now();
  var nodes = [];
  var queue = [];
  var truncated = false;
  var timedOut = false;
  roots.forEach(function (root) {
    if (nodes.length >= maxNodes) { truncated = true; return; }
    var node = toNode(root.element, root.ref, nodes.length, -1);
    nodes.push(node);
    queue.push({ element: root.element, node: node, depth: 0 });
  });
  for (var head = 0; head < queue.length; head++) {
    if (Date.now() - started > deadlineMs) { timedOut = true; truncated = true; break; }
    var item = queue[head];
    var children = visibleChildren(item.element);
    if (children.length === 0) continue;
    if (item.depth >= maxDepth) { item.node.childCount = children.length; truncated = true; continue; }
    for (var c = 0; c < children.length && nodes.length < maxNodes; c++) {
      var child = toNode(children[c], item.node.ref + '.' + c, nodes.length, item.node.i);
      nodes.push(child);
      queue.push({ element: children[c], node: child, depth: item.depth + 1 });
    }
    if (c < children.length) { item.node.childCount = children.length; truncated = true; }
  }
  return { nodes: nodes, truncated: truncated, timedOut: timedOut };
}

function parseRef(ref) {
  var match = /^(\d+):(\d+)\/r((?:\.\d+)*)$/.exec(ref);
  if (!match) throw new HelperError('bad_ref', 'malformed element reference ' + ref);
  return { windowId: Number(match[1]), pid: Number(match[2]), path: match[3] ? match[3].slice(1).split('.').map(Number) : [] };
}

function resolve(ref) {
  var known = elementsByRef[ref];
  if (known && copy(known, 'AXRole') !== null) return known;
  var parsed = parseRef(ref);
  var element = windowElement(parsed.pid, parsed.windowId);
  parsed.path.forEach(function (index) {
    element = visibleChildren(element)[index];
    if (!element) throw new HelperError('not_found', 'the element is gone');
  });
  elementsByRef[ref] = element;
  return element;
}

function check(error, what) {
  if (error === AX_API_DISABLED) throw new HelperError('not_trusted', 'accessibility access is not allowed');
  if (error !== 0) throw new HelperError(error === -25205 || error === -25206 ? 'unsupported' : 'failed', what + ' failed (AX error ' + error + ')');
  return { done: true };
}

var METHODS = {
  windows: function (p) {
    return { trusted: $.AXIsProcessTrusted(), apps: p.pids.map(function (pid) {
      var app = runningApp(pid);
      app.windows = $.AXIsProcessTrusted() ? windowsOf(pid) : [];
      return app;
    }) };
  },
  tree: function (p) {
    var ref = p.windowId + ':' + p.pid + '/r';
    Object.keys(elementsByRef).forEach(function (key) { if (key.indexOf(p.windowId + ':') === 0) delete elementsByRef[key]; });
    return walk([{ element: windowElement(p.pid, p.windowId), ref: ref }], p.maxNodes, p.maxDepth, p.deadlineMs);
  },
  children: function (p) {
    var all = visibleChildren(resolve(p.ref));
    var roots = [];
    for (var i = p.offset; i < Math.min(all.length, p.offset + p.limit); i++) roots.push({ element: all[i], ref: p.ref + '.' + i });
    var result = walk(roots, 100000, p.depth, 5000);
    result.total = all.length;
    return result;
  },
  perform: function (p) { return check($.AXUIElementPerformAction(resolve(p.ref), p.action), p.action); },
  setValue: function (p) { return check($.AXUIElementSetAttributeValue(resolve(p.ref), 'AXValue', $(p.value)), 'setting the value'); },
  setNumber: function (p) { return check($.AXUIElementSetAttributeValue(resolve(p.ref), 'AXValue', $.NSNumber.numberWithDouble(p.value)), 'setting the value'); },
  setBool: function (p) { return check($.AXUIElementSetAttributeValue(resolve(p.ref), p.attribute, $.NSNumber.numberWithBool(p.value)), 'setting ' + p.attribute); },
  readText: function (p) {
    var element = resolve(p.ref);
    if (text(element, 'AXSubrole') === 'AXSecureTextField') throw new HelperError('sensitive', 'the text of a password field is never read');
    return { text: text(element, 'AXValue') || text(element, 'AXTitle') };
  },
  activate: function (p) {
    var window = windowElement(p.pid, p.windowId);
    if (flag(window, 'AXMinimized')) check($.AXUIElementSetAttributeValue(window, 'AXMinimized', $.NSNumber.numberWithBool(false)), 'restoring the window');
    $.AXUIElementPerformAction(window, 'AXRaise');
    return { done: true };
  },
  close: function (p) {
    var button = copy(windowElement(p.pid, p.windowId), 'AXCloseButton');
    if (button === null) return { closed: false };
    check($.AXUIElementPerformAction(button, 'AXPress'), 'pressing the close button');
    return { closed: true };
  }
};

function handleLine(line) {
  var id = null;
  try {
    var request = JSON.parse(line);
    id = request.id;
    var method = METHODS[request.method];
    if (!method) throw new HelperError('unknown_method', 'unknown method ' + request.method);
    return { id: id, ok: true, result: method(request.params || {}) };
  } catch (error) {
    var code = error instanceof HelperError ? error.code : 'failed';
    return { id: id, ok: false, error: { code: code, message: String(error && error.message ? error.message : error) } };
  }
}

function writeLine(value) {
  var data = $(JSON.stringify(value) + '\n').dataUsingEncoding($.NSUTF8StringEncoding);
  $.NSFileHandle.fileHandleWithStandardOutput.writeData(data);
}

// Blocking read loop; a chunk that ends inside a UTF-8 sequence waits for the rest.
function serve() {
  var input = $.NSFileHandle.fileHandleWithStandardInput;
  var pending = $.NSMutableData.data;
  var buffer = '';
  for (;;) {
    var chunk = input.availableData;
    if (chunk.length === 0) return;
    pending.appendData(chunk);
    var decoded = $.NSString.alloc.initWithDataEncoding(pending, $.NSUTF8StringEncoding);
    if (isNil(decoded)) continue;
    buffer += ObjC.unwrap(decoded);
    pending = $.NSMutableData.data;
    var newline = buffer.indexOf('\n');
    while (newline >= 0) {
      var line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      if (line.trim() !== '') writeLine(handleLine(line));
      newline = buffer.indexOf('\n');
    }
  }
}

function run() {
  writeLine({ event: 'ready', info: { protocol: 1, trusted: $.AXIsProcessTrusted() } });
  serve();
}
