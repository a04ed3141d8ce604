{ echo out; echo err >&2; } 2>&1 | sort
