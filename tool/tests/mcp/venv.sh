#!/usr/bin/env bash
# Makes (once) a Python venv holding the MCP Python SDK, the real client
# the MCP tests drive sandbash with. Usage: venv.sh DIR; prints the absolute
# path of DIR/bin/python (tests run in another directory than the caller).
# Idempotent: a venv that already imports the pinned `mcp` is left alone.
set -euo pipefail
dir=${1:?usage: venv.sh DIR}
version=2.3.0
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
py="$dir/bin/python"
if [ -x "$py" ] && "$py" -c "import mcp, importlib.metadata as m; assert m.version('mcp') == '$version'" 2>/dev/null; then
    echo "$py"
    exit 0
fi
python3 -m venv "$dir" >&2
"$py" -m pip install --quiet --disable-pip-version-check "mcp==$version" >&2
echo "$py"
