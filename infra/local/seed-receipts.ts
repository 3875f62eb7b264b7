import { deflateSync } from 'node:zlib';

/** The demo's receipt images (infra/local/seed-transactions.ts attaches them): real PNG files, made in code. */

// A tiny but real PNG: a paper-coloured slip with grey "lines of text".
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** 48x64 greyscale; `variant` changes the line lengths so the receipts do not all look the same. */
export function receiptPng(variant: number): Buffer {
  const width = 48;
  const height = 64;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(width + 1, 0xf4); // filter byte 0 is set below; paper colour
    row[0] = 0;
    const isLine = y > 6 && y < height - 6 && y % 5 === 0;
    const length = 12 + ((variant * 7 + y * 3) % 26);
    for (let x = 1; x <= width; x++) {
      if (isLine && x > 6 && x < 6 + length) row[x] = 0x70;
      if (x === 1 || x === width || y === 0 || y === height - 1) row[x] = 0xc8;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
