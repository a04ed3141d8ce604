# numfmt --invalid=warn over an endless stream of bad numbers: each warning
# is written as its line is read (not gathered), so the output limit on
# stderr stops it, and memory stays flat.
# limit: max_output=256K
# expect-stop: output
# expect-stderr-contains: numfmt: invalid number: 'x'
yes x | numfmt --invalid=warn > /dev/null
