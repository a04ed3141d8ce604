{ echo err >&2; } |& cat
