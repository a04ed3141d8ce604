"""Drives `sandbash serve --mcp` with the MCP Python SDK as a real client.

Usage: python stdio_client.py SANDBASH_BINARY

Prints one JSON object with what the client saw; tests/tool_mcp.rs checks it.
"""

import asyncio
import json
import sys

from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client


def shown(result):
    return {
        "is_error": bool(result.is_error),
        "text": result.content[0].text if result.content else None,
        "structured": result.structured_content,
    }


async def main(binary):
    params = StdioServerParameters(command=binary, args=["serve", "--mcp"])
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            init = await session.initialize()
            tools = await session.list_tools()
            calls = []
            for command in [
                "x=41; f() { echo \"fn $1\"; }; cd /tmp; echo data > /workspace/kept",
                "echo $((x + 1)); f arg; pwd; cat /workspace/kept",
                "echo out; echo err >&2; exit 3",
                "",
            ]:
                calls.append(shown(await session.call_tool("bash", {"command": command})))
            started = shown(
                await session.call_tool(
                    "bash", {"command": "echo from-job $x", "background": True}
                )
            )
            job_id = started["structured"]["job_id"]
            polled = shown(
                await session.call_tool("job_poll", {"job_id": job_id, "wait_seconds": 5})
            )
            read = shown(await session.call_tool("job_read", {"job_id": job_id}))
            missing = shown(await session.call_tool("job_poll", {"job_id": "nope"}))
            chunks = []

            async def on_progress(progress, total, message):
                chunks.append(message)

            streamed = shown(
                await session.call_tool(
                    "bash",
                    {"command": "for i in 1 2 3 4; do echo line $i; sleep 0.15; done"},
                    progress_callback=on_progress,
                )
            )
            bad_env = shown(
                await session.call_tool("bash", {"command": "echo", "env": {"1X": "v"}})
            )
            print(
                json.dumps(
                    {
                        "server": init.server_info.name,
                        "instructions": init.instructions,
                        "tools": [
                            {
                                "name": t.name,
                                "description": t.description,
                                "schema": t.input_schema,
                            }
                            for t in tools.tools
                        ],
                        "calls": calls,
                        "bad_env": bad_env,
                        "streamed": streamed,
                        "chunks": chunks,
                        "job": {
                            "started": started,
                            "polled": polled,
                            "read": read,
                            "missing": missing,
                        },
                    }
                )
            )


asyncio.run(main(sys.argv[1]))
