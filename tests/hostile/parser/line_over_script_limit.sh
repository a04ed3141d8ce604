# A single 1 MB line over the strict script limit: refused before parsing.
# generate: "echo " "a"*1000000 "\n"
# expect-stop: script_size
# expect-stdout-empty:
# expect-max-seconds: 1
