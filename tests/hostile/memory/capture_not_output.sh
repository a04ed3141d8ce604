# A 6.9 MB capture with a 1 MB output limit and a 10 MB memory limit: the
# capture is memory, not output, so it succeeds; only what is printed
# counts against the output limit.
# limit: max_output=1M
# expect-stop: none
# expect-stdout: 6888895
x=$(seq 1000000)
echo "${#x}"
