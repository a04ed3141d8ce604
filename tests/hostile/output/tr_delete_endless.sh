# tr deletes the y of an endless `yes`: the newlines that are left flood
# stdout, and the output limit stops it with what was printed kept.
# limit: max_output=1M
# expect-stop: output
# expect-stdout-prefix: \n\n\n\n
# expect-stdout-bytes: 512K..1M
yes | tr -d y
