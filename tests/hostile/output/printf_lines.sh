# printf reusing its format for 200 000 arguments: 1.3 MB.
# limit: max_output=1M
# expect-stop: output
# expect-stdout-prefix: 1\n2\n3\n
# expect-stdout-bytes: 512K..1M
printf '%s\n' {1..200000}
