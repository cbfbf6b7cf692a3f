/** `serve` flags: --port alias, GUI_BRIDGE_<FLAG> variables, screenshots, agent controls. */
import { describe, expect, test } from 'vitest';
import { envName } from '../../src/cli/envFlags.js';
import { parseServeArgs, screenshotUrls, SERVE_FLAGS, SERVE_HELP } from '../../src/cli/serveOptions.js';

const parse = (argv: string[], env: NodeJS.ProcessEnv = {}) => parseServeArgs(argv, env);

describe('serve options', () => {
  test('--port is --http', () => {
    expect(parse(['--demo', '--port', '3000']).port).toBe(3000);
    expect(parse(['--demo', '--http', '3000', '--port', '3000']).port).toBe(3000);
    expect(() => parse(['--demo', '--http', '3000', '--port', '3001'])).toThrow(/another name for --http/);
  });

  test('every serve flag has a GUI_BRIDGE_ variable, and the help says so', () => {
    expect(SERVE_HELP).toMatch(/GUI_BRIDGE_<FLAG>/);
    for (const flag of Object.keys(SERVE_FLAGS)) {
      if (flag === 'screenshot-urls') continue; // internal: spelled "--screenshots inline"
      expect(SERVE_HELP, `--${flag} is documented`).toContain(`--${flag}`);
    }
    const env = {
      GUI_BRIDGE_DEMO: '1',
      GUI_BRIDGE_PORT: '4000',
      GUI_BRIDGE_READ_TOOL: 'true',
      GUI_BRIDGE_READ_ONLY: 'yes',
      GUI_BRIDGE_STABLE_TOOLS: '1',
      GUI_BRIDGE_TOOLS: 'close,app__*',
      GUI_BRIDGE_EXCLUDE_TOOLS: 'app__preferences',
      GUI_BRIDGE_CONFIRM: 'writes',
      GUI_BRIDGE_AUDIT_LOG: '/tmp/audit.jsonl',
      GUI_BRIDGE_LOG_LEVEL: 'debug',
      GUI_BRIDGE_ALLOWED_HOST: 'a.example,b.example',
    };
    const config = parse([], env);
    expect(config).toMatchObject({
      port: 4000,
      readTool: true,
      stableTools: true,
      readOnly: true,
      tools: ['close', 'app__*'],
      excludeTools: ['app__preferences'],
      confirm: 'writes',
      auditLog: '/tmp/audit.jsonl',
      logLevel: 'debug',
      allowedHosts: ['a.example', 'b.example'],
    });
    expect(config.source.demo).toBe(true);
    expect(envName('exclude-tools')).toBe('GUI_BRIDGE_EXCLUDE_TOOLS');
  });

  test('the command line wins over a variable; bad variable values are usage errors', () => {
    expect(parse(['--demo', '--log-level', 'warn'], { GUI_BRIDGE_LOG_LEVEL: 'debug' }).logLevel).toBe('warn');
    expect(() => parse(['--demo'], { GUI_BRIDGE_READ_ONLY: 'maybe' })).toThrow(/GUI_BRIDGE_READ_ONLY must be/);
    expect(() => parse(['--demo'], { GUI_BRIDGE_CONFIRM: 'always' })).toThrow(/--confirm must be destructive or writes/);
  });

  test('GUI_BRIDGE_TOKEN alone (a shared client config) is no error without --http', () => {
    expect(parse(['--demo'], { GUI_BRIDGE_TOKEN: 'secret' }).port).toBeUndefined();
    expect(() => parse(['--demo', '--token', 't'])).toThrow(/need --http/);
  });

  test('--screenshots inline | file, default size limits', () => {
    expect(parse(['--app', 'gedit', '--screenshots']).screenshots).toEqual({ urls: 'auto', maxEdge: 1280, maxBytes: 1_000_000 });
    expect(parse(['--app', 'gedit', '--screenshots', 'inline']).screenshots.urls).toBe('inline');
    expect(parse(['--app', 'gedit', '--screenshots=file', '--screenshot-max-edge', '640']).screenshots).toMatchObject({ urls: 'file', maxEdge: 640 });
    expect(parse(['--app', 'gedit'], { GUI_BRIDGE_SCREENSHOTS: 'inline' }).screenshots.urls).toBe('inline');
    expect(() => parse(['--app', 'gedit', '--screenshots=everywhere'])).toThrow(/inline, file or auto/);
  });

  test('screenshot URLs: file:// for stdio alone, the /media path of the server over HTTP, data: for A2C, port 0 or when asked', () => {
    expect(screenshotUrls(parse(['--app', 'gedit', '--screenshots']))).toEqual({ urls: 'file' });
    expect(screenshotUrls(parse(['--app', 'gedit', '--screenshots', '--http', '3000']))).toEqual({ urls: 'http', mediaBase: 'http://127.0.0.1:3000/media' });
    expect(screenshotUrls(parse(['--app', 'gedit', '--screenshots', '--http', '3000', '--host', '::1', '--token', 't']))).toEqual({
      urls: 'http',
      mediaBase: 'http://[::1]:3000/media',
    });
    expect(screenshotUrls(parse(['--app', 'gedit', '--screenshots', '--http', '0']))).toEqual({ urls: 'inline' });
    expect(screenshotUrls(parse(['--app', 'gedit', '--screenshots', '--port', '0', '--stdio']))).toEqual({ urls: 'inline' });
    expect(screenshotUrls(parse(['--app', 'gedit', '--screenshots', '--a2c']))).toEqual({ urls: 'inline' });
    expect(screenshotUrls(parse(['--app', 'gedit', '--screenshots', 'inline']))).toEqual({ urls: 'inline' });
    expect(screenshotUrls(parse(['--app', 'gedit', '--http', '3000', '--screenshots', 'inline']))).toEqual({ urls: 'inline' });
  });

  test('tool patterns are validated', () => {
    expect(() => parse(['--demo', '--tools', 'close;rm'])).toThrow(/not a tool pattern/);
    expect(() => parse(['--demo', '--exclude-tools', ','])).toThrow(/at least one pattern/);
  });
});
