# A 1 MB field appended to a variable over and over.
# limit: max_memory=4M max_commands=1G max_loop_iterations=1G
# expect-stop: memory
s=
while :; do printf -v p '%*s' 1000000 ''; s+=$p; done
