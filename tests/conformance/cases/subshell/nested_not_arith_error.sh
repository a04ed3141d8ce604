# check-stderr
# `((1) + (2))` is not arithmetic (the second paren closes before `+`), so
# bash parses it as subshells and stops at the `+`.
echo before
((1) + (2)); echo after
