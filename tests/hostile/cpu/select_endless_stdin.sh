# A select loop fed by an endless stdin: only the iteration budget ends it.
# limit: max_commands=1G
# expect-stop: loop_iterations
# expect-max-seconds: 2
yes 1 | select x in a b; do :; done
