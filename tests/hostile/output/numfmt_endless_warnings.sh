# numfmt --invalid=warn over an endless stream of bad numbers, stdout to
# /dev/null: each warning is written as its line is read (not gathered),
# and a warning that stderr refuses past the output limit stops numfmt at
# once (not the wall clock); memory stays flat.
# limit: max_output=256K
# expect-stop: output
# expect-stderr-contains: numfmt: invalid number: 'x'
# expect-max-seconds: 2
yes x | numfmt --invalid=warn > /dev/null
