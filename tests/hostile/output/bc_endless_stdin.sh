# bc reading an endless program: it runs each line as it reads it, so
# `head -n 1` gets its line at once and the pipeline ends.
# expect-stop: none
# expect-stdout: 1
yes 1 | bc | head -n 1
