# Counted repetitions of a back-reference unroll in the backtracker's
# program, and `(a)((\1{1000}){1000}){1000}` would unroll to a billion
# copies. The bound on the program's size refuses it at once, with
# GNU's message.
# expect-stop: none
# expect-status: 2
# expect-stderr-contains: too big
# expect-max-seconds: 2
echo aaa | grep -E '(a)((\1{1000}){1000}){1000}'
