# The flood passes through a pipeline of cats.
# limit: max_output=1M
# expect-stop: output
# expect-stdout-prefix: 1\n2\n
# expect-stdout-bytes: 512K..1M
seq inf | cat | cat | cat
