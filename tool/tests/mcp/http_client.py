"""Drives `sandbash serve --http` with the MCP Python SDK: two MCP sessions
on one server, each its own sandbox session.

Usage: python http_client.py URL

Prints one JSON object with what the client saw; tests/tool_mcp.rs checks it.
"""

import asyncio
import json
import sys

from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client


async def call(session, command):
    result = await session.call_tool("bash", {"command": command})
    return {"is_error": bool(result.is_error), "structured": result.structured_content}


async def main(url):
    seen = {}
    async with streamable_http_client(url) as (read_a, write_a, *_):
        async with ClientSession(read_a, write_a) as a:
            await a.initialize()
            seen["tools"] = [t.name for t in (await a.list_tools()).tools]
            seen["a1"] = await call(a, "x=alpha; cd /tmp; echo secret > /workspace/a.txt")
            async with streamable_http_client(url) as (read_b, write_b, *_):
                async with ClientSession(read_b, write_b) as b:
                    await b.initialize()
                    seen["b1"] = await call(b, 'echo "[$x]"; pwd; ls /workspace | wc -l')
                    seen["b2"] = await call(b, "y=beta")
                    seen["a2"] = await call(a, 'echo "$x [$y]"; pwd; cat /workspace/a.txt')
                    seen["b3"] = await call(b, 'echo "[$x] $y"')
    print(json.dumps(seen))


asyncio.run(main(sys.argv[1]))
