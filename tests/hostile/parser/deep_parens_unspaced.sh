# 100 000 opening parentheses with no spaces start with two together, an
# arithmetic command as in bash: whatever the error, it is an error, not a
# crash or a hang.
# generate: "("*100000 "1" ")"*100000 "\n"
# expect-stop: none
# expect-status: nonzero
# expect-stdout-empty:
# expect-max-seconds: 2
