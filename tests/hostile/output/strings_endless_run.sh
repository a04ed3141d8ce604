# One endless printable run: `strings` holds only its first -n bytes and
# streams the rest, so the output limit stops it, not the memory budget.
# limit: max_output=1M
# expect-stop: output
# expect-stdout-prefix: aaaa
# expect-stdout-bytes: 512K..1M
yes a | tr -d '\n' | strings
