"""Calls one profile's tools over `sandbash serve --mcp --profile NAME`.

Usage: python profile_client.py SANDBASH_BINARY PROFILE CALLS_JSON [SERVER_ARGS...]

CALLS_JSON is a list of [tool, arguments]; prints the listed tool names and
each call's isError, text and structuredContent as one JSON object.
"""

import asyncio
import json
import sys

from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client


async def main(binary, profile, calls, extra):
    params = StdioServerParameters(
        command=binary, args=["serve", "--mcp", "--profile", profile, *extra]
    )
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            tools = [t.name for t in (await session.list_tools()).tools]
            results = []
            for tool, arguments in calls:
                r = await session.call_tool(tool, arguments)
                results.append(
                    {
                        "is_error": bool(r.is_error),
                        "text": r.content[0].text if r.content else None,
                        "structured": r.structured_content,
                    }
                )
            print(json.dumps({"tools": tools, "results": results}))


asyncio.run(main(sys.argv[1], sys.argv[2], json.loads(sys.argv[3]), sys.argv[4:]))
