bash -c 'echo err >&2; echo out' 2>&1 | sort
