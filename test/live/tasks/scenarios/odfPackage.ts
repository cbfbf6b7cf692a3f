/**
 * OpenDocument files for the LibreOffice tasks: a drawing written as the smallest package
 * LibreOffice opens (a zip of mimetype, content.xml and the manifest, stored uncompressed), and
 * the content.xml of a saved file read back with `unzip`, the truth a task checks.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';

/** content.xml of an OpenDocument file (a zip), where the pages' and slides' text is. */
export const contentOf = (file: string) => execFileSync('unzip', ['-p', file, 'content.xml'], { encoding: 'utf8' });

const DRAWING_TYPE = 'application/vnd.oasis.opendocument.graphics';

/** Escapes text for an XML element's content. */
const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A drawing of one page holding one rectangle whose text is `text`. */
export function writeDrawing(file: string, text: string): void {
  const content =
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"' +
    ' xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"' +
    ' xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"' +
    ' xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.2">' +
    '<office:body><office:drawing><draw:page draw:name="page1">' +
    `<draw:rect svg:x="3cm" svg:y="3cm" svg:width="10cm" svg:height="4cm"><text:p>${xmlText(text)}</text:p></draw:rect>` +
    '</draw:page></office:drawing></office:body></office:document-content>';
  const manifest =
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">' +
    `<manifest:file-entry manifest:full-path="/" manifest:media-type="${DRAWING_TYPE}"/>` +
    '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>' +
    '</manifest:manifest>';
  // The mimetype entry comes first, stored: that is how a reader tells an OpenDocument package.
  writeFileSync(
    file,
    storedZip([
      ['mimetype', DRAWING_TYPE],
      ['content.xml', content],
      ['META-INF/manifest.xml', manifest],
    ]),
  );
}

/** A zip archive of the entries, uncompressed (method 0), without extra fields or a comment. */
function storedZip(entries: Array<[name: string, text: string]>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const data = Buffer.from(text, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by
    central.writeUInt16LE(20, 6); // version needed
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
