import assert from "node:assert/strict";
import { PassThrough } from "node:stream";
import { describe, test } from "node:test";
import type { JSONRPCMessage } from "@modelcontextprotocol/server";
import { LineTransport } from "../lib/adapters/mcp/line-transport.js";

/** A transport over in-memory streams, with what it received and what it wrote. */
async function open(maxLineBytes?: number) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const logged: string[] = [];
  const transport = new LineTransport(stdin, stdout, { maxLineBytes, log: (line) => logged.push(line) });
  const received: JSONRPCMessage[] = [];
  let written = "";
  stdout.on("data", (d) => (written += d));
  transport.onmessage = (m) => void received.push(m);
  let closes = 0;
  transport.onclose = () => void closes++;
  await transport.start();
  const flush = () => new Promise((resolve) => setImmediate(resolve));
  const lines = () => written.trim().split("\n").filter(Boolean).map((l) => JSON.parse(l) as Record<string, any>);
  return { stdin, transport, received, lines, logged, flush, closes: () => closes };
}

const request = (id: number, method = "ping") => `${JSON.stringify({ jsonrpc: "2.0", id, method })}\n`;

describe("LineTransport", () => {
  test("should deliver messages split across chunks and several in one chunk", async () => {
    const t = await open();
    const two = request(1) + request(2);
    t.stdin.write(two.slice(0, 10));
    t.stdin.write(two.slice(10));
    await t.flush();
    assert.deepEqual(t.received.map((m) => (m as { id: number }).id), [1, 2]);
  });

  test("should answer a line over the limit with -32600 and its id, then keep reading", async () => {
    const t = await open(1_000);
    const long = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"q":"${"x".repeat(5_000)}"}}`;
    t.stdin.write(`${long}\n`);
    t.stdin.write(request(8));
    await t.flush();
    assert.deepEqual(t.lines(), [{ jsonrpc: "2.0", id: 7, error: { code: -32600, message: `Invalid Request: the message is ${long.length} bytes, over the limit of 1000 bytes; it was discarded` } }]);
    assert.deepEqual(t.received.map((m) => (m as { id: number }).id), [8]);
    assert.equal(t.logged[0], `cortex mcp: discarded a message of ${long.length} bytes (the limit is 1000)`);
  });

  test("should not take an id from inside the params of a line over the limit", async () => {
    const t = await open(100);
    t.stdin.write(`{"jsonrpc":"2.0","method":"x","params":{"id":99,"pad":"${"y".repeat(200)}"}}\n`);
    await t.flush();
    assert.equal(t.lines()[0]!.id, null);
  });

  test("should answer a line that is not JSON with -32700 and one that is not JSON-RPC with -32600", async () => {
    const t = await open();
    t.stdin.write("{nope\n");
    t.stdin.write(`${JSON.stringify({ id: 3, hello: true })}\n`);
    t.stdin.write("\n   \n");
    await t.flush();
    assert.deepEqual(t.lines().map((l) => [l.id, l.error.code]), [[null, -32700], [3, -32600]]);
    assert.equal(t.received.length, 0);
  });

  test("should close when stdin ends only once every request received is answered", async () => {
    const t = await open();
    t.stdin.write(request(1) + request(2));
    t.stdin.end();
    await t.flush();
    assert.equal(t.closes(), 0, "two requests in flight");
    await t.transport.send({ jsonrpc: "2.0", id: 1, result: {} });
    await t.flush();
    assert.equal(t.closes(), 0);
    await t.transport.send({ jsonrpc: "2.0", id: 2, result: {} });
    await t.transport.closed;
    assert.equal(t.closes(), 1);
  });

  test("should not wait for a request the client cancelled, and read a last line without its newline", async () => {
    const t = await open();
    t.stdin.write(request(1));
    t.stdin.write(JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } }));
    t.stdin.end();
    await t.transport.closed;
    assert.deepEqual(t.received.map((m) => (m as { method: string }).method), ["ping", "notifications/cancelled"]);
  });
});
