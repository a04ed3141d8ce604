# The same 100 000-long and-or list under the strict 10 MiB: its parse
# (~200 000 tokens, ~100 MB in brush-parser) does not fit, so the memory
# limit refuses it before the parser allocates anything.
# generate: "true" " && true"*100000 "\n"
# expect-stop: memory
# expect-stdout-empty:
# expect-max-seconds: 1
